"""Analysis of any game: exact search, tree export."""
