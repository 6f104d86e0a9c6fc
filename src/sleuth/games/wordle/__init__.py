"""Wordle: its word lists (:mod:`.lists`), answer priors (:mod:`.priors`), hard mode
(:mod:`.hardmode`), the game and playing it (:mod:`.game`), guess ratings (:mod:`.ratings`),
openers and their exact sweep (:mod:`.openers`), several boards (:mod:`.boards`), the
adversarial host (:mod:`.absurdle`), and the hinter (:mod:`.hint`, with the exact
:mod:`.lookahead`)."""
