"""The game model, trees and strategies: what every game and every analysis shares."""
