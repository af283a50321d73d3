//! The Python docstrings of the native module, generated from `python/hearts_fast/_core.pyi`
//! by `python tools/stub_docs.py`: do not edit (edit the stub and run `make docstrings`).
//! `stub_doc!("Class", "member")` is the stub's docstring of that member (its own or inherited
//! from a stub base), `stub_doc!("name")` a class's or function's, as a literal for `#[doc = …]`.

macro_rules! stub_doc {
    ("CardSet") => {
        "An immutable set of card ids backed by a 52-bit mask (bit i = card i).\n\n``CardSet()`` is empty; ``CardSet(iterable_of_ids)``; ``CardSet(mask_int)``."
    };
    ("CardSet", "from_names") => {
        "``CardSet.from_names(\"QS AS 2c\")``."
    };
    ("CardSet", "isdisjoint") => {
        "Whether this set and `other` have no card in common."
    };
    ("CardSet", "issubset") => {
        "Whether every card of this set is in `other`."
    };
    ("CardSet", "issuperset") => {
        "Whether every card of `other` is in this set."
    };
    ("CardSet", "names") => {
        "The cards' names (\"2C\", \"QS\", …), in id order."
    };
    ("CardSet", "suit") => {
        "The 13 cards of suit 0..3 (clubs, diamonds, hearts, spades)."
    };
    ("HeartsGame") => {
        "A whole game of the Hearts family, hand after hand with its totals and end rule (A-22..A-25);\nthe current hand is played through the game (docs/hearts-api.md)."
    };
    ("HeartsGame", "__eq__") => {
        "docs/text-format.md: never compares generators or queued deals."
    };
    ("HeartsGame", "copy") => {
        "An independent copy."
    };
    ("HeartsGame", "current_player") => {
        "The seat to act; None once over."
    };
    ("HeartsGame", "forward") => {
        "Declares FORWARD for `seat` in the current hand (A-11)."
    };
    ("HeartsGame", "from_text") => {
        "Read a text of docs/text-format.md, replaying it with the rules' checks;\nInvalidArgumentError (naming the line) if it is not reachable in this class."
    };
    ("HeartsGame", "hand_history") => {
        "Each completed hand's record, in order."
    };
    ("HeartsGame", "hands_played") => {
        "Hands completed."
    };
    ("HeartsGame", "is_over") => {
        "Whether the hand (or game) is over."
    };
    ("HeartsGame", "legal_plays") => {
        "The cards the player to act may play in the current hand (empty outside the play\nphase)."
    };
    ("HeartsGame", "num_players") => {
        "Players at the table."
    };
    ("HeartsGame", "observation") => {
        "What `seat` knows of the current hand, with the game's totals before it\n(docs/information.md)."
    };
    ("HeartsGame", "pass_cards") => {
        "Passes `cards` for `seat` in the current hand (A-8..A-10)."
    };
    ("HeartsGame", "pending_passes") => {
        "The seats still to pass or forward in the current hand."
    };
    ("HeartsGame", "phase") => {
        "Where the hand (or game) is: the game's phase names, `\"over\"` at the end."
    };
    ("HeartsGame", "play") => {
        "Plays a card for the player to act in the current hand (A-16); scores the hand and\ndeals the next when it ends."
    };
    ("HeartsGame", "pot") => {
        "The chips in the pot (`scoring=\"chips\"`; 0 otherwise)."
    };
    ("HeartsGame", "rules") => {
        "The rules."
    };
    ("HeartsGame", "state") => {
        "A copy of the current hand (the last one once the game is over)."
    };
    ("HeartsGame", "to_text") => {
        "The text form (docs/text-format.md): the rules, the deals and every action; `from_text`\nreads it back."
    };
    ("HeartsGame", "totals") => {
        "Each seat's total: points, or chips under `scoring=\"chips\"` (A-22..A-24)."
    };
    ("HeartsGame", "winners") => {
        "The winning seats once the game is over (A-25); empty before."
    };
    ("HeartsInfoState") => {
        "What one seat knows of a Hearts hand (docs/information.md)."
    };
    ("HeartsInfoState", "__new__") => {
        "Not constructible (``ArgumentTypeError``): an observation comes from\n``state.observation(seat)`` or ``from_text``."
    };
    ("HeartsInfoState", "count_worlds") => {
        "The exact number of deals (every seat's hand now) that agree with what the seat\nknows."
    };
    ("HeartsInfoState", "current_player") => {
        "The seat to act (to play, pass or bid); None once the hand is over."
    };
    ("HeartsInfoState", "dealer") => {
        "The dealer."
    };
    ("HeartsInfoState", "dealt") => {
        "The seat's hand as dealt."
    };
    ("HeartsInfoState", "decided") => {
        "The seats that have made their pass-phase decision."
    };
    ("HeartsInfoState", "forwarded") => {
        "The seats that declared FORWARD (A-11)."
    };
    ("HeartsInfoState", "from_text") => {
        "Read a text form back; only a text that some hand shows its seat is accepted\n(``InvalidArgumentError`` otherwise). Also the pickle reconstructor."
    };
    ("HeartsInfoState", "hand") => {
        "The seat's cards now."
    };
    ("HeartsInfoState", "hand_index") => {
        "The hand's index in its game."
    };
    ("HeartsInfoState", "hand_sizes") => {
        "How many cards each seat holds now."
    };
    ("HeartsInfoState", "known") => {
        "Per seat, the cards known to be in its hand now: the seat's own hand; cards it passed,\nwith the seat that has them; face-up cards; the lowest club with the seat that led it to\ntrick 1 under a lowest-club lead."
    };
    ("HeartsInfoState", "lacks") => {
        "Per seat, the cards it has shown it does not hold: each card that, held beside the card\nit played, would have made one of its plays illegal."
    };
    ("HeartsInfoState", "num_players") => {
        "Players at the table."
    };
    ("HeartsInfoState", "pass_count") => {
        "Cards each seat passes this hand (0 when holding)."
    };
    ("HeartsInfoState", "pass_direction") => {
        "The hand's pass direction."
    };
    ("HeartsInfoState", "passed") => {
        "The cards the seat passed (empty before it passes, when it forwards or holds)."
    };
    ("HeartsInfoState", "passed_to") => {
        "The seat that got them, once every pass is made."
    };
    ("HeartsInfoState", "phase") => {
        "The phase of the hand."
    };
    ("HeartsInfoState", "plays") => {
        "Every card played this hand, in order, as ``(seat, card)``."
    };
    ("HeartsInfoState", "points") => {
        "Penalty points taken so far per seat."
    };
    ("HeartsInfoState", "received") => {
        "The cards the seat received, once every pass is made."
    };
    ("HeartsInfoState", "received_from") => {
        "The seat they came from."
    };
    ("HeartsInfoState", "rules") => {
        "The rules."
    };
    ("HeartsInfoState", "sample") => {
        "``n`` full states drawn exactly uniformly from the deals that agree: worlds\n``start .. start + n - 1`` (start default 0), world ``i`` from the stream\n``(seed, i)`` alone."
    };
    ("HeartsInfoState", "seat") => {
        "The observing seat."
    };
    ("HeartsInfoState", "tensor") => {
        "This observation as a float32 tensor (docs/environments.md): `kind` is `\"observation\"`\n(what the seat sees now) or `\"info_state\"` (with the whole history of plays); `layout` is\n`\"compact\"` (this package's) or `\"openspiel\"` (OpenSpiel's tensor, under the `openspiel`\npreset)."
    };
    ("HeartsInfoState", "to_text") => {
        "The ``hearts-info`` / ``spades-info`` text form (docs/text-format.md)."
    };
    ("HeartsInfoState", "totals") => {
        "The game's totals before the hand, as `HeartsGame.totals` gives them\n(`HeartsGame.observation`); None for a hand observed on its own."
    };
    ("HeartsInfoState", "trick") => {
        "The trick being played, ``(seat, card)`` in order."
    };
    ("HeartsInfoState", "trick_winners") => {
        "The winner of each completed trick."
    };
    ("HeartsInfoState", "unseen") => {
        "The cards whose holder the seat does not know."
    };
    ("HeartsInfoState", "voids") => {
        "Per seat, the suits (0 clubs, 1 diamonds, 2 hearts, 3 spades) it has shown it lacks\nentirely (every card of the suit in `lacks`)."
    };
    ("HeartsRules") => {
        "The Hearts-family rules (docs/rules/hearts.md A.1, A.6). Keyword-only; immutable; hashable.\n\nEvery parameter is also a read-only attribute. Unknown names, out-of-range values and\ninvalid combinations raise InvalidRulesError; wrong types raise ArgumentTypeError."
    };
    ("HeartsRules", "deck") => {
        "Derived: the cards in play."
    };
    ("HeartsRules", "penalty_cards") => {
        "Derived: the penalty cards in play."
    };
    ("HeartsRules", "preset") => {
        "The rules of a named preset (`presets` lists them), with keyword overrides."
    };
    ("HeartsRules", "replace") => {
        "A copy with the given parameters changed (validated like the constructor)."
    };
    ("HeartsRules", "to_dict") => {
        "Every parameter by name (what the constructor takes back)."
    };
    ("HeartsRules", "total_penalty") => {
        "V, the total penalty in the deck (A-4)."
    };
    ("HeartsState") => {
        "One hand: deal, passing (A-8..A-11), play (A-12..A-19, legal plays A-16) and its score\n(A-20, A-21: ``hand_scores`` is h_i per seat, with avoid_all_tricks_bonus)."
    };
    ("HeartsState", "__eq__") => {
        "docs/text-format.md: never compares generators or queued deals."
    };
    ("HeartsState", "captured") => {
        "Per seat, the cards of the tricks it won."
    };
    ("HeartsState", "copy") => {
        "An independent copy."
    };
    ("HeartsState", "current_player") => {
        "The seat to act; None once over."
    };
    ("HeartsState", "dealer") => {
        "The dealer's seat."
    };
    ("HeartsState", "forward") => {
        "Declares FORWARD for `seat`: its pass travels on (A-11, rules `pass_through`)."
    };
    ("HeartsState", "from_batch") => {
        "The initial state of hand `index` of a batch run with `seed`: the hand the game's\n`simulate_*` plays as hand `index` (dealer `index % players`)."
    };
    ("HeartsState", "from_deal") => {
        "A hand dealt as `hands` (one list of cards per seat), with the other arguments as the\nconstructor's."
    };
    ("HeartsState", "from_text") => {
        "Read a text of docs/text-format.md, replaying it with the rules' checks;\nInvalidArgumentError (naming the line) if it is not reachable in this class."
    };
    ("HeartsState", "hand_index") => {
        "The hand's 0-based index in its game (it fixes rotations such as the pass direction)."
    };
    ("HeartsState", "hand_scores") => {
        "Each seat's hand score (A-21): points with the moon and bonus rules applied."
    };
    ("HeartsState", "hands") => {
        "Every seat's cards now, as card ids, seat by seat."
    };
    ("HeartsState", "hearts_broken") => {
        "Whether hearts are broken (A-14)."
    };
    ("HeartsState", "is_over") => {
        "Whether the hand (or game) is over."
    };
    ("HeartsState", "legal_mask") => {
        "The legal actions of the seat to act in the environments' action space\n(docs/environments.md): a bool array of 53, card ids and 52 = FORWARD; in the pass phase\nthe cards the lowest pending seat may pass."
    };
    ("HeartsState", "legal_plays") => {
        "The cards the player to act may play now (empty outside the play phase)."
    };
    ("HeartsState", "moon_shooter") => {
        "The seat that shot the moon (A-21), once the hand is over; None otherwise."
    };
    ("HeartsState", "num_players") => {
        "Players at the table."
    };
    ("HeartsState", "observation") => {
        "What ``seat`` knows of this hand, and nothing else (docs/information.md)."
    };
    ("HeartsState", "pass_cards") => {
        "Passes `cards` (card ids or names) for `seat` (A-8..A-10); delivered once every seat has\npassed."
    };
    ("HeartsState", "pass_count") => {
        "Cards each seat passes this hand (A-9; 0 when holding)."
    };
    ("HeartsState", "pass_direction") => {
        "This hand's pass direction: \"left\", \"right\", \"across\" or \"hold\" (A-8)."
    };
    ("HeartsState", "pending_passes") => {
        "The seats still to pass or forward, lowest first."
    };
    ("HeartsState", "phase") => {
        "Where the hand (or game) is: the game's phase names, `\"over\"` at the end."
    };
    ("HeartsState", "play") => {
        "Plays ``card`` for the player to act (A-12..A-16); an illegal card raises\nIllegalMoveError (with ``.card`` and ``.legal``) and changes nothing."
    };
    ("HeartsState", "points") => {
        "Penalty points taken per seat (A-20)."
    };
    ("HeartsState", "rules") => {
        "The rules."
    };
    ("HeartsState", "to_text") => {
        "The text form (docs/text-format.md): the rules, the deals and every action; `from_text`\nreads it back."
    };
    ("HeartsState", "trick") => {
        "The trick under way: `(seat, card)` in play order."
    };
    ("HeartsState", "trick_number") => {
        "The 1-based number of the trick under way (tricks completed + 1)."
    };
    ("HeartsState", "trick_winners") => {
        "The winner of each completed trick, in order."
    };
    ("HeartsState", "tricks_taken") => {
        "Tricks won so far, per seat."
    };
    ("Policy") => {
        "In-engine policies, one per seat, with the random stream of batch hand ``index``:\nstepping ``from_batch(rules, seed, index)`` of any game with\n``Policy(policy, seed=seed, index=index)`` makes the choices its ``simulate_*`` makes.\n\n``policy``: None (the game's default: \"random\" for Hearts and Spades, \"greedy\" for\nrummy), one name, or one name per seat; Hearts and Spades take \"random\", \"heuristic\",\n\"pimc\" and \"ismcts\" (the search bots of docs/bots.md; pimc's settings are ``worlds``,\n``evaluator``, ``rollouts`` and ``solve_tricks``, ismcts's ``iterations``), rummy\n\"random\" and \"greedy\" (checked when acting on a state)."
    };
    ("Policy", "act") => {
        "Makes the next move on `state` (a Hearts pass for the lowest pending seat or a play, a\nSpades bid or play, a rummy action); returns False when the hand is over."
    };
    ("Policy", "choose") => {
        "The move `act` would make now, without making it (a bot's advice): a card id for a play;\n`(\"pass\", seat, cards)` or `(\"forward\", seat)` for a Hearts pass-phase move; a `Bid` for\na Spades bid; a rummy action; None once the hand is over. It advances this policy's\nrandom stream exactly as `act` would: ask a copy (`copy.copy`) for advice that leaves the\nstream alone."
    };
    ("Policy", "play_out") => {
        "Plays `state` to the end of the hand."
    };
    ("RummyGame") => {
        "A whole game of the rummy La Dame de Pique, hand after hand to its target (C-21;\ndocs/rummy-api.md)."
    };
    ("RummyGame", "__eq__") => {
        "docs/text-format.md: never compares generators or queued deals."
    };
    ("RummyGame", "apply") => {
        "Makes `action` in the current hand; scores it and deals the next when it ends."
    };
    ("RummyGame", "copy") => {
        "An independent copy."
    };
    ("RummyGame", "current_player") => {
        "The seat to act; None once over."
    };
    ("RummyGame", "from_text") => {
        "Read a text of docs/text-format.md, replaying it with the rules' checks;\nInvalidArgumentError (naming the line) if it is not reachable in this class."
    };
    ("RummyGame", "hand_history") => {
        "Each completed hand's record, in order."
    };
    ("RummyGame", "hands_played") => {
        "Hands completed."
    };
    ("RummyGame", "is_over") => {
        "Whether the hand (or game) is over."
    };
    ("RummyGame", "legal_actions") => {
        "Every legal action of the player to act in the current hand."
    };
    ("RummyGame", "num_players") => {
        "Players at the table."
    };
    ("RummyGame", "phase") => {
        "Where the hand (or game) is: the game's phase names, `\"over\"` at the end."
    };
    ("RummyGame", "rules") => {
        "The rules."
    };
    ("RummyGame", "state") => {
        "A copy of the current hand (the last one once the game is over)."
    };
    ("RummyGame", "to_text") => {
        "The text form (docs/text-format.md): the rules, the deals and every action; `from_text`\nreads it back."
    };
    ("RummyGame", "totals") => {
        "Each seat's game total (C-21)."
    };
    ("RummyGame", "winners") => {
        "The winning seats once the game is over (C-21); empty before."
    };
    ("RummyRules") => {
        "The RummyRules: every parameter of the game's rules page by name (docs/rules/), validated;\nimmutable, with presets, `replace`, `to_dict` and a text form."
    };
    ("RummyRules", "deck") => {
        "The 108 cards (C-2) as a sorted multiset: two of each id 0..51, four jokers (52)."
    };
    ("RummyRules", "preset") => {
        "The rules of a named preset (`presets` lists them), with keyword overrides."
    };
    ("RummyRules", "replace") => {
        "A copy with the given parameters changed (validated like the constructor)."
    };
    ("RummyRules", "to_dict") => {
        "Every parameter by name (what the constructor takes back)."
    };
    ("RummyState") => {
        "One hand of the rummy La Dame de Pique (docs/rules/rummy.md, docs/rummy-api.md): a bot drives\nit with `legal_actions()` and `apply(action)`."
    };
    ("RummyState", "__eq__") => {
        "docs/text-format.md: never compares generators or queued deals."
    };
    ("RummyState", "apply") => {
        "Apply a legal action; IllegalMoveError (``.legal`` = ``legal_actions()``)\notherwise (the state is unchanged)."
    };
    ("RummyState", "apply_index") => {
        "Applies `legal_actions()[i]`: a compact integer encoding of the choice for batch and RL\nuse (the index into the sorted legal actions)."
    };
    ("RummyState", "blocked") => {
        "Whether the hand ended blocked (nobody can go out)."
    };
    ("RummyState", "copy") => {
        "An independent copy."
    };
    ("RummyState", "current_player") => {
        "The seat to act; None once over."
    };
    ("RummyState", "dealer") => {
        "The dealer's seat."
    };
    ("RummyState", "from_batch") => {
        "The initial state of hand `index` of a batch run with `seed`: the hand the game's\n`simulate_*` plays as hand `index` (dealer `index % players`)."
    };
    ("RummyState", "from_deal") => {
        "A hand dealt as `hands` (one list of cards per seat), with the other arguments as the\nconstructor's."
    };
    ("RummyState", "from_text") => {
        "Read a text of docs/text-format.md, replaying it with the rules' checks;\nInvalidArgumentError (naming the line) if it is not reachable in this class."
    };
    ("RummyState", "hand_index") => {
        "The hand's 0-based index in its game (it fixes rotations such as the pass direction)."
    };
    ("RummyState", "hand_scores") => {
        "Each seat's hand score (C-20), once the hand is over."
    };
    ("RummyState", "hands") => {
        "Every seat's cards now, as card ids, seat by seat."
    };
    ("RummyState", "is_over") => {
        "Whether the hand (or game) is over."
    };
    ("RummyState", "legal_action_count") => {
        "The number of legal actions (the range of `apply_index`)."
    };
    ("RummyState", "legal_actions") => {
        "Every legal action of the player to act: draw, take the pile, melds, lay-offs, discards\n(docs/rummy-api.md)."
    };
    ("RummyState", "melds") => {
        "The melds on the table: per seat, its melds as card lists."
    };
    ("RummyState", "num_players") => {
        "Players at the table."
    };
    ("RummyState", "opened") => {
        "Per seat, whether it has opened (laid its first melds)."
    };
    ("RummyState", "phase") => {
        "Where the hand (or game) is: the game's phase names, `\"over\"` at the end."
    };
    ("RummyState", "pile") => {
        "The discard pile, bottom first."
    };
    ("RummyState", "rules") => {
        "The rules."
    };
    ("RummyState", "stock") => {
        "The stock's cards, top first."
    };
    ("RummyState", "stock_size") => {
        "Cards left in the stock."
    };
    ("RummyState", "to_text") => {
        "The text form (docs/text-format.md): the rules, the deals and every action; `from_text`\nreads it back."
    };
    ("RummyState", "totals") => {
        "Each seat's total before this hand."
    };
    ("RummyState", "totals_after") => {
        "Each seat's total after this hand (C-21)."
    };
    ("RummyState", "turn") => {
        "The number of turns played in this hand."
    };
    ("RummyState", "went_out") => {
        "The seat that went out (C-18), once the hand is over; None otherwise."
    };
    ("Solver") => {
        "An open-hand solver whose transposition table is kept between calls: solving many\npositions of one problem (the same rules, seat and objective: the sampled worlds of one\ndecision) reuses the work. The values never depend on the table; ``nodes`` does.\nUsable from several threads (one solve at a time; the GIL is released while solving)."
    };
    ("Solver", "__new__") => {
        "A solver whose table uses about ``memory_mb`` MiB (1..65536), allocated at the\nfirst solve."
    };
    ("Solver", "clear") => {
        "Forgets every stored position."
    };
    ("Solver", "memory") => {
        "The bytes the table uses once allocated (at most ``memory_mb`` MiB)."
    };
    ("Solver", "solve") => {
        "`solve(state, *, seat=None, objective=None) -> Solution` with this solver's kept table\n(docs/solver.md)."
    };
    ("SpadesGame") => {
        "A whole game of Spades, hand after hand with team totals, bags and the end rules (B-19..B-22;\ndocs/spades-api.md)."
    };
    ("SpadesGame", "__eq__") => {
        "docs/text-format.md: never compares generators or queued deals."
    };
    ("SpadesGame", "bags") => {
        "Each team's bag counter."
    };
    ("SpadesGame", "bid") => {
        "Bids ``n`` tricks for the bidder (0 is a nil where the rules have nil), optionally\n``blind`` or with a ``bemo`` (B-6..B-8, B.3)."
    };
    ("SpadesGame", "can_bid_blind") => {
        "Whether the bidder may bid blind nil now (B.3)."
    };
    ("SpadesGame", "claim_redeal") => {
        "`seat` shows a deficient hand and the same dealer redeals (B.3 `deficient_hand`)."
    };
    ("SpadesGame", "copy") => {
        "An independent copy."
    };
    ("SpadesGame", "current_player") => {
        "The seat to act; None once over."
    };
    ("SpadesGame", "deficient_seats") => {
        "The seats that may claim a redeal of a deficient hand now (B.3)."
    };
    ("SpadesGame", "from_text") => {
        "Read a text of docs/text-format.md, replaying it with the rules' checks;\nInvalidArgumentError (naming the line) if it is not reachable in this class."
    };
    ("SpadesGame", "hand_history") => {
        "Each completed hand's record, in order."
    };
    ("SpadesGame", "hands_played") => {
        "Hands completed."
    };
    ("SpadesGame", "is_over") => {
        "Whether the hand (or game) is over."
    };
    ("SpadesGame", "legal_bemos") => {
        "The bemos the bidder may declare now: \"little\", \"big\", or none (B.3 #9)."
    };
    ("SpadesGame", "legal_bids") => {
        "The bid values the bidder may make now (B-6, B.3: mirror, fourteen, suicide,\nteam_bid_cap)."
    };
    ("SpadesGame", "legal_plays") => {
        "The cards the player to act may play in the current hand (empty outside the play\nphase)."
    };
    ("SpadesGame", "num_players") => {
        "Players at the table."
    };
    ("SpadesGame", "observation") => {
        "What `seat` knows of the current hand (its totals and bags before the hand included;\ndocs/information.md)."
    };
    ("SpadesGame", "phase") => {
        "Where the hand (or game) is: the game's phase names, `\"over\"` at the end."
    };
    ("SpadesGame", "play") => {
        "Plays a card for the player to act in the current hand (B-10..B-14); scores the\nhand and deals the next when it ends."
    };
    ("SpadesGame", "rules") => {
        "The rules."
    };
    ("SpadesGame", "state") => {
        "A copy of the current hand (the last one once the game is over)."
    };
    ("SpadesGame", "to_text") => {
        "The text form (docs/text-format.md): the rules, the deals and every action; `from_text`\nreads it back."
    };
    ("SpadesGame", "totals") => {
        "Each team's game total (B-21)."
    };
    ("SpadesGame", "winners") => {
        "The winning teams once the game is over (B-22); empty before."
    };
    ("SpadesInfoState") => {
        "What one seat knows of a Spades hand (docs/information.md)."
    };
    ("SpadesInfoState", "__new__") => {
        "Not constructible (``ArgumentTypeError``): an observation comes from\n``state.observation(seat)`` or ``from_text``."
    };
    ("SpadesInfoState", "bags") => {
        "Team bag counters before the hand."
    };
    ("SpadesInfoState", "bids") => {
        "The bids made so far (None for a seat yet to bid)."
    };
    ("SpadesInfoState", "count_worlds") => {
        "The exact number of deals (every seat's hand now) that agree with what the seat\nknows."
    };
    ("SpadesInfoState", "current_player") => {
        "The seat to act (to play, pass or bid); None once the hand is over."
    };
    ("SpadesInfoState", "dealer") => {
        "The dealer."
    };
    ("SpadesInfoState", "face_up") => {
        "Each seat's face-up cards as dealt (`face_up_first_four`; empty otherwise)."
    };
    ("SpadesInfoState", "from_text") => {
        "Read a text form back; only a text that some hand shows its seat is accepted\n(``InvalidArgumentError`` otherwise). Also the pickle reconstructor."
    };
    ("SpadesInfoState", "hand") => {
        "The seat's cards now."
    };
    ("SpadesInfoState", "hand_index") => {
        "The hand's index in its game."
    };
    ("SpadesInfoState", "hand_sizes") => {
        "How many cards each seat holds now."
    };
    ("SpadesInfoState", "known") => {
        "Per seat, the cards known to be in its hand now: the seat's own hand; cards it passed,\nwith the seat that has them; face-up cards; the lowest club with the seat that led it to\ntrick 1 under a lowest-club lead."
    };
    ("SpadesInfoState", "lacks") => {
        "Per seat, the cards it has shown it does not hold: each card that, held beside the card\nit played, would have made one of its plays illegal."
    };
    ("SpadesInfoState", "num_players") => {
        "Players at the table."
    };
    ("SpadesInfoState", "phase") => {
        "The phase of the hand."
    };
    ("SpadesInfoState", "plays") => {
        "Every card played this hand, in order, as ``(seat, card)``."
    };
    ("SpadesInfoState", "redeal_claims") => {
        "``(seat, the hand it showed)`` for each redeal claim of the hand."
    };
    ("SpadesInfoState", "rules") => {
        "The rules."
    };
    ("SpadesInfoState", "sample") => {
        "``n`` full states drawn exactly uniformly from the deals that agree: worlds\n``start .. start + n - 1`` (start default 0), world ``i`` from the stream\n``(seed, i)`` alone."
    };
    ("SpadesInfoState", "seat") => {
        "The observing seat."
    };
    ("SpadesInfoState", "tensor") => {
        "This observation as a float32 tensor (docs/environments.md): `kind` is `\"observation\"`\n(what the seat sees now) or `\"info_state\"` (with the whole history of plays); `layout` is\n`\"compact\"` (this package's) or `\"openspiel\"` (OpenSpiel's tensor, under the `openspiel`\npreset)."
    };
    ("SpadesInfoState", "to_text") => {
        "The ``hearts-info`` / ``spades-info`` text form (docs/text-format.md)."
    };
    ("SpadesInfoState", "totals") => {
        "Team totals before the hand."
    };
    ("SpadesInfoState", "trick") => {
        "The trick being played, ``(seat, card)`` in order."
    };
    ("SpadesInfoState", "trick_winners") => {
        "The winner of each completed trick."
    };
    ("SpadesInfoState", "tricks_taken") => {
        "Tricks taken so far per seat."
    };
    ("SpadesInfoState", "unseen") => {
        "The cards whose holder the seat does not know."
    };
    ("SpadesInfoState", "voids") => {
        "Per seat, the suits (0 clubs, 1 diamonds, 2 hearts, 3 spades) it has shown it lacks\nentirely (every card of the suit in `lacks`)."
    };
    ("SpadesRules") => {
        "The Spades rules (docs/rules/spades.md B.1, B.3, B.6, with ``team_bid_cap``). Keyword-only;\nimmutable; hashable. Wrong types raise ArgumentTypeError; unknown names, out-of-range\nvalues and invalid combinations raise InvalidRulesError. Presets: ``\"default\"`` and\n``\"openspiel\"`` (B.6)."
    };
    ("SpadesRules", "deck") => {
        "The 52 cards in play (with ``jokers``: no 2C/2D, plus 52 and 53)."
    };
    ("SpadesRules", "preset") => {
        "The rules of a named preset (`presets` lists them), with keyword overrides."
    };
    ("SpadesRules", "replace") => {
        "A copy with the given parameters changed (validated like the constructor)."
    };
    ("SpadesRules", "to_dict") => {
        "Every parameter by name (what the constructor takes back)."
    };
    ("SpadesState") => {
        "One hand of Spades: the deal, a redeal of a deficient hand, bidding, play and the hand's\nscore (B-1..B-21, B.3; docs/spades-api.md)."
    };
    ("SpadesState", "__eq__") => {
        "docs/text-format.md: never compares generators or queued deals."
    };
    ("SpadesState", "bags") => {
        "Each team's bag counter before this hand."
    };
    ("SpadesState", "bags_after") => {
        "Each team's bag counter after this hand (B-16)."
    };
    ("SpadesState", "bid") => {
        "Bids ``n`` tricks for the bidder (0 is a nil where the rules have nil), optionally\n``blind`` or with a ``bemo`` (B-6..B-8, B.3)."
    };
    ("SpadesState", "bids") => {
        "Each seat's bid so far (a Bid: value, nil, blind, bemo), None where not yet bid."
    };
    ("SpadesState", "boston_made") => {
        "The team that took all 13 tricks on a Boston bid, if any (B.3)."
    };
    ("SpadesState", "can_bid_blind") => {
        "Whether the bidder may bid blind nil now (B.3)."
    };
    ("SpadesState", "claim_redeal") => {
        "B.3 deficient hand: the same dealer redeals (next ``redeals`` entry or a shuffle)."
    };
    ("SpadesState", "contracts") => {
        "Each team's contract so far: the sum of its non-nil bids (B-8)."
    };
    ("SpadesState", "copy") => {
        "An independent copy."
    };
    ("SpadesState", "current_player") => {
        "The seat to act; None once over."
    };
    ("SpadesState", "dealer") => {
        "The dealer's seat."
    };
    ("SpadesState", "deficient_seats") => {
        "The seats that may claim a redeal of a deficient hand now (B.3)."
    };
    ("SpadesState", "face_up") => {
        "Per seat, its face-up cards still in hand (B.3 #2 `face_up_first_four`)."
    };
    ("SpadesState", "from_batch") => {
        "The initial state of hand `index` of a batch run with `seed`: the hand the game's\n`simulate_*` plays as hand `index` (dealer `index % players`)."
    };
    ("SpadesState", "from_deal") => {
        "A hand dealt as `hands` (one list of cards per seat), with the other arguments as the\nconstructor's."
    };
    ("SpadesState", "from_text") => {
        "Read a text of docs/text-format.md, replaying it with the rules' checks;\nInvalidArgumentError (naming the line) if it is not reachable in this class."
    };
    ("SpadesState", "hand_bags") => {
        "Each team's bags taken this hand (B-16)."
    };
    ("SpadesState", "hand_index") => {
        "The hand's 0-based index in its game (it fixes rotations such as the pass direction)."
    };
    ("SpadesState", "hand_scores") => {
        "Each team's hand score (B-15..B-18), once the hand is over."
    };
    ("SpadesState", "hands") => {
        "Every seat's cards now, as card ids, seat by seat."
    };
    ("SpadesState", "is_over") => {
        "Whether the hand (or game) is over."
    };
    ("SpadesState", "legal_bemos") => {
        "The bemos the bidder may declare now: \"little\", \"big\", or none (B.3 #9)."
    };
    ("SpadesState", "legal_bids") => {
        "The bid values the bidder may make now (B-6, B.3: mirror, fourteen, suicide,\nteam_bid_cap)."
    };
    ("SpadesState", "legal_mask") => {
        "The legal actions of the seat to act in the environments' action space\n(docs/environments.md): a bool array of 98 (cards 0..53, bids 54..67, blind nil 68,\nredeal claim 69, bids with LITTLE 70..83 and BIG 84..97)."
    };
    ("SpadesState", "legal_plays") => {
        "The cards the player to act may play now (empty outside the play phase)."
    };
    ("SpadesState", "num_players") => {
        "Players at the table."
    };
    ("SpadesState", "observation") => {
        "What ``seat`` knows of this hand, and nothing else (docs/information.md)."
    };
    ("SpadesState", "phase") => {
        "Where the hand (or game) is: the game's phase names, `\"over\"` at the end."
    };
    ("SpadesState", "play") => {
        "Plays ``card`` for the player to act (B-10..B-14); an illegal card raises\nIllegalMoveError (with ``.card`` and ``.legal``) and changes nothing."
    };
    ("SpadesState", "plays") => {
        "Every card played this hand, in order: `(seat, card)`."
    };
    ("SpadesState", "redeal_claims") => {
        "The seats that claimed a redeal of a deficient hand this hand, in order (B.3)."
    };
    ("SpadesState", "reneges") => {
        "Accepted illegal plays under `renege=\"penalize\"`: `(trick, seat, card)` (B-27)."
    };
    ("SpadesState", "rules") => {
        "The rules."
    };
    ("SpadesState", "spades_broken") => {
        "Whether spades are broken (B.3 #1)."
    };
    ("SpadesState", "to_text") => {
        "The text form (docs/text-format.md): the rules, the deals and every action; `from_text`\nreads it back."
    };
    ("SpadesState", "totals") => {
        "Each team's total before this hand."
    };
    ("SpadesState", "totals_after") => {
        "Each team's total after this hand."
    };
    ("SpadesState", "trick") => {
        "The trick under way: `(seat, card)` in play order."
    };
    ("SpadesState", "trick_number") => {
        "The 1-based number of the trick under way (tricks completed + 1)."
    };
    ("SpadesState", "trick_winners") => {
        "The winner of each completed trick, in order."
    };
    ("SpadesState", "tricks_taken") => {
        "Tricks won so far, per seat."
    };
    ("_Batch") => {
        "The keyword-only options every ``simulate_*`` takes (docs/protocol.md, Batch\nsimulation); each may be given as None, its default."
    };
    ("_Bidding") => {
        "The bidding members a Spades hand and a Spades game share (of the current hand)."
    };
    ("_Bidding", "bid") => {
        "Bids ``n`` tricks for the bidder (0 is a nil where the rules have nil), optionally\n``blind`` or with a ``bemo`` (B-6..B-8, B.3)."
    };
    ("_Bidding", "can_bid_blind") => {
        "Whether the bidder may bid blind nil now (B.3)."
    };
    ("_Bidding", "deficient_seats") => {
        "The seats that may claim a redeal of a deficient hand now (B.3)."
    };
    ("_Bidding", "legal_bemos") => {
        "The bemos the bidder may declare now: \"little\", \"big\", or none (B.3 #9)."
    };
    ("_Bidding", "legal_bids") => {
        "The bid values the bidder may make now (B-6, B.3: mirror, fourteen, suicide,\nteam_bid_cap)."
    };
    ("_DealtBatch") => {
        "The options of a trick game's batch: also the deck orders to deal."
    };
    ("_Game") => {
        "A whole game, dealing each next hand itself."
    };
    ("_Game", "__eq__") => {
        "docs/text-format.md: never compares generators or queued deals."
    };
    ("_Game", "copy") => {
        "An independent copy."
    };
    ("_Game", "current_player") => {
        "The seat to act; None once over."
    };
    ("_Game", "from_text") => {
        "Read a text of docs/text-format.md, replaying it with the rules' checks;\nInvalidArgumentError (naming the line) if it is not reachable in this class."
    };
    ("_Game", "hand_history") => {
        "Each completed hand's record, in order."
    };
    ("_Game", "hands_played") => {
        "Hands completed."
    };
    ("_Game", "is_over") => {
        "Whether the hand (or game) is over."
    };
    ("_Game", "num_players") => {
        "Players at the table."
    };
    ("_Game", "phase") => {
        "Where the hand (or game) is: the game's phase names, `\"over\"` at the end."
    };
    ("_Game", "rules") => {
        "The rules."
    };
    ("_Game", "state") => {
        "A copy of the current hand (the last one once the game is over)."
    };
    ("_Game", "to_text") => {
        "The text form (docs/text-format.md): the rules, the deals and every action; `from_text`\nreads it back."
    };
    ("_Game", "winners") => {
        "The winning seats (teams in Spades) once the game is over; empty before."
    };
    ("_InfoState") => {
        "The members both observation classes share (docs/information.md)."
    };
    ("_InfoState", "__new__") => {
        "Not constructible (``ArgumentTypeError``): an observation comes from\n``state.observation(seat)`` or ``from_text``."
    };
    ("_InfoState", "count_worlds") => {
        "The exact number of deals (every seat's hand now) that agree with what the seat\nknows."
    };
    ("_InfoState", "current_player") => {
        "The seat to act (to play, pass or bid); None once the hand is over."
    };
    ("_InfoState", "dealer") => {
        "The dealer."
    };
    ("_InfoState", "from_text") => {
        "Read a text form back; only a text that some hand shows its seat is accepted\n(``InvalidArgumentError`` otherwise). Also the pickle reconstructor."
    };
    ("_InfoState", "hand") => {
        "The seat's cards now."
    };
    ("_InfoState", "hand_index") => {
        "The hand's index in its game."
    };
    ("_InfoState", "hand_sizes") => {
        "How many cards each seat holds now."
    };
    ("_InfoState", "known") => {
        "Per seat, the cards known to be in its hand now: the seat's own hand; cards it passed,\nwith the seat that has them; face-up cards; the lowest club with the seat that led it to\ntrick 1 under a lowest-club lead."
    };
    ("_InfoState", "lacks") => {
        "Per seat, the cards it has shown it does not hold: each card that, held beside the card\nit played, would have made one of its plays illegal."
    };
    ("_InfoState", "num_players") => {
        "Players at the table."
    };
    ("_InfoState", "phase") => {
        "The phase of the hand."
    };
    ("_InfoState", "plays") => {
        "Every card played this hand, in order, as ``(seat, card)``."
    };
    ("_InfoState", "rules") => {
        "The rules."
    };
    ("_InfoState", "sample") => {
        "``n`` full states drawn exactly uniformly from the deals that agree: worlds\n``start .. start + n - 1`` (start default 0), world ``i`` from the stream\n``(seed, i)`` alone."
    };
    ("_InfoState", "seat") => {
        "The observing seat."
    };
    ("_InfoState", "tensor") => {
        "This observation as a float32 tensor (docs/environments.md): `kind` is `\"observation\"`\n(what the seat sees now) or `\"info_state\"` (with the whole history of plays); `layout` is\n`\"compact\"` (this package's) or `\"openspiel\"` (OpenSpiel's tensor, under the `openspiel`\npreset)."
    };
    ("_InfoState", "to_text") => {
        "The ``hearts-info`` / ``spades-info`` text form (docs/text-format.md)."
    };
    ("_InfoState", "trick") => {
        "The trick being played, ``(seat, card)`` in order."
    };
    ("_InfoState", "trick_winners") => {
        "The winner of each completed trick."
    };
    ("_InfoState", "unseen") => {
        "The cards whose holder the seat does not know."
    };
    ("_InfoState", "voids") => {
        "Per seat, the suits (0 clubs, 1 diamonds, 2 hearts, 3 spades) it has shown it lacks\nentirely (every card of the suit in `lacks`)."
    };
    ("_LimitedBatch") => {
        "The options of a batch whose games may stop at a hand limit."
    };
    ("_Recorded") => {
        "A state or a game: played under its rules, mutable, with a text form."
    };
    ("_Recorded", "__eq__") => {
        "docs/text-format.md: never compares generators or queued deals."
    };
    ("_Recorded", "copy") => {
        "An independent copy."
    };
    ("_Recorded", "from_text") => {
        "Read a text of docs/text-format.md, replaying it with the rules' checks;\nInvalidArgumentError (naming the line) if it is not reachable in this class."
    };
    ("_Recorded", "num_players") => {
        "Players at the table."
    };
    ("_Recorded", "rules") => {
        "The rules."
    };
    ("_Recorded", "to_text") => {
        "The text form (docs/text-format.md): the rules, the deals and every action; `from_text`\nreads it back."
    };
    ("_Rules") => {
        "A rule set: keyword-only, immutable, hashable; every parameter is a read-only\nattribute."
    };
    ("_Rules", "preset") => {
        "The rules of a named preset (`presets` lists them), with keyword overrides."
    };
    ("_Rules", "replace") => {
        "A copy with the given parameters changed (validated like the constructor)."
    };
    ("_Rules", "to_dict") => {
        "Every parameter by name (what the constructor takes back)."
    };
    ("_State") => {
        "One hand."
    };
    ("_State", "__eq__") => {
        "docs/text-format.md: never compares generators or queued deals."
    };
    ("_State", "copy") => {
        "An independent copy."
    };
    ("_State", "current_player") => {
        "The seat to act; None once over."
    };
    ("_State", "dealer") => {
        "The dealer's seat."
    };
    ("_State", "from_batch") => {
        "The initial state of hand `index` of a batch run with `seed`: the hand the game's\n`simulate_*` plays as hand `index` (dealer `index % players`)."
    };
    ("_State", "from_text") => {
        "Read a text of docs/text-format.md, replaying it with the rules' checks;\nInvalidArgumentError (naming the line) if it is not reachable in this class."
    };
    ("_State", "hand_index") => {
        "The hand's 0-based index in its game (it fixes rotations such as the pass direction)."
    };
    ("_State", "hand_scores") => {
        "The hand's scores (so far): per seat, per team in Spades."
    };
    ("_State", "hands") => {
        "Every seat's cards now, as card ids, seat by seat."
    };
    ("_State", "is_over") => {
        "Whether the hand (or game) is over."
    };
    ("_State", "num_players") => {
        "Players at the table."
    };
    ("_State", "phase") => {
        "Where the hand (or game) is: the game's phase names, `\"over\"` at the end."
    };
    ("_State", "rules") => {
        "The rules."
    };
    ("_State", "to_text") => {
        "The text form (docs/text-format.md): the rules, the deals and every action; `from_text`\nreads it back."
    };
    ("_TrickBatch") => {
        "The options of ``simulate_hearts`` and ``simulate_spades``: both."
    };
    ("_TrickGame") => {
        "A whole game of a trick game."
    };
    ("_TrickGame", "__eq__") => {
        "docs/text-format.md: never compares generators or queued deals."
    };
    ("_TrickGame", "copy") => {
        "An independent copy."
    };
    ("_TrickGame", "current_player") => {
        "The seat to act; None once over."
    };
    ("_TrickGame", "from_text") => {
        "Read a text of docs/text-format.md, replaying it with the rules' checks;\nInvalidArgumentError (naming the line) if it is not reachable in this class."
    };
    ("_TrickGame", "hand_history") => {
        "Each completed hand's record, in order."
    };
    ("_TrickGame", "hands_played") => {
        "Hands completed."
    };
    ("_TrickGame", "is_over") => {
        "Whether the hand (or game) is over."
    };
    ("_TrickGame", "legal_plays") => {
        "The cards the player to act may play in the current hand (empty outside the play\nphase)."
    };
    ("_TrickGame", "num_players") => {
        "Players at the table."
    };
    ("_TrickGame", "phase") => {
        "Where the hand (or game) is: the game's phase names, `\"over\"` at the end."
    };
    ("_TrickGame", "play") => {
        "Plays a card for the player to act in the current hand; scores the hand and deals\nthe next when it ends."
    };
    ("_TrickGame", "rules") => {
        "The rules."
    };
    ("_TrickGame", "state") => {
        "A copy of the current hand (the last one once the game is over)."
    };
    ("_TrickGame", "to_text") => {
        "The text form (docs/text-format.md): the rules, the deals and every action; `from_text`\nreads it back."
    };
    ("_TrickGame", "winners") => {
        "The winning seats (teams in Spades) once the game is over; empty before."
    };
    ("_TrickState") => {
        "One hand of a trick game."
    };
    ("_TrickState", "__eq__") => {
        "docs/text-format.md: never compares generators or queued deals."
    };
    ("_TrickState", "copy") => {
        "An independent copy."
    };
    ("_TrickState", "current_player") => {
        "The seat to act; None once over."
    };
    ("_TrickState", "dealer") => {
        "The dealer's seat."
    };
    ("_TrickState", "from_batch") => {
        "The initial state of hand `index` of a batch run with `seed`: the hand the game's\n`simulate_*` plays as hand `index` (dealer `index % players`)."
    };
    ("_TrickState", "from_text") => {
        "Read a text of docs/text-format.md, replaying it with the rules' checks;\nInvalidArgumentError (naming the line) if it is not reachable in this class."
    };
    ("_TrickState", "hand_index") => {
        "The hand's 0-based index in its game (it fixes rotations such as the pass direction)."
    };
    ("_TrickState", "hand_scores") => {
        "The hand's scores (so far): per seat, per team in Spades."
    };
    ("_TrickState", "hands") => {
        "Every seat's cards now, as card ids, seat by seat."
    };
    ("_TrickState", "is_over") => {
        "Whether the hand (or game) is over."
    };
    ("_TrickState", "legal_plays") => {
        "The cards the player to act may play now (empty outside the play phase)."
    };
    ("_TrickState", "num_players") => {
        "Players at the table."
    };
    ("_TrickState", "phase") => {
        "Where the hand (or game) is: the game's phase names, `\"over\"` at the end."
    };
    ("_TrickState", "play") => {
        "Plays ``card`` for the player to act; an illegal card raises IllegalMoveError (with\n``.card`` and ``.legal``) and changes nothing."
    };
    ("_TrickState", "rules") => {
        "The rules."
    };
    ("_TrickState", "to_text") => {
        "The text form (docs/text-format.md): the rules, the deals and every action; `from_text`\nreads it back."
    };
    ("_TrickState", "trick") => {
        "The trick under way: `(seat, card)` in play order."
    };
    ("_TrickState", "trick_number") => {
        "The 1-based number of the trick under way (tricks completed + 1)."
    };
    ("_TrickState", "trick_winners") => {
        "The winner of each completed trick, in order."
    };
    ("_TrickState", "tricks_taken") => {
        "Tricks won so far, per seat."
    };
    ("_VectorEnv") => {
        "The engine's vector environment (``hearts_fast.env`` wraps it)."
    };
    ("_VectorEnv", "autoreset") => {
        "Whether a finished episode is reset within the step that ends it."
    };
    ("_VectorEnv", "final_obs") => {
        "The last observation of each episode that ended in the last step (under autoreset)."
    };
    ("_VectorEnv", "game") => {
        "`\"hearts\"` or `\"spades\"`."
    };
    ("_VectorEnv", "mask") => {
        "The legal-action masks, one row per environment."
    };
    ("_VectorEnv", "num_actions") => {
        "The size of the action space."
    };
    ("_VectorEnv", "num_envs") => {
        "The number of environments."
    };
    ("_VectorEnv", "num_players") => {
        "Seats at the table."
    };
    ("_VectorEnv", "obs") => {
        "The observations, one row per environment (written by ``reset`` and ``step``)."
    };
    ("_VectorEnv", "observe") => {
        "What `seat` sees in environment `env` now, as `kind`/`layout` (a new array)."
    };
    ("_VectorEnv", "reset") => {
        "Starts a new episode in every environment (from `seed` when given) and writes the first\nobservations into the buffers; with `reset_mask` (a bool array, one per environment),\nonly the marked environments."
    };
    ("_VectorEnv", "rewards") => {
        "The learner's reward of the last step, per environment."
    };
    ("_VectorEnv", "seat") => {
        "The learner seat to act next, per environment."
    };
    ("_VectorEnv", "seat_rewards") => {
        "Every seat's reward of the last step, one row per environment."
    };
    ("_VectorEnv", "seats") => {
        "The learner's seats."
    };
    ("_VectorEnv", "selected") => {
        "The cards chosen so far for a pass made one card at a time in environment `env` (Hearts;\nempty otherwise)."
    };
    ("_VectorEnv", "size") => {
        "The length of one observation."
    };
    ("_VectorEnv", "state") => {
        "The hand of environment `env` now, as a state of its game (a copy)."
    };
    ("_VectorEnv", "step") => {
        "One step of every environment with the learner's `actions` (one per environment). Refused\nactions change nothing."
    };
    ("_VectorEnv", "terminated") => {
        "Whether the last step ended the environment's episode."
    };
    ("_VectorEnv", "truncated") => {
        "Whether the last step cut the episode short (a game stopped at its hand limit)."
    };
    ("_arena_scores") => {
        "The per-deal, per-policy scores of a duplicate arena (``hearts_fast.arena``)."
    };
    ("_check_solve_batch") => {
        "The checks of ``solve_batch`` without the solving: its error for arguments it would\nrefuse, None otherwise (``hearts_fast.distributed.solve_batch`` checks a batch before\nsending it)."
    };
    ("_tensor_fields") => {
        "The compact layout's fields: ``(name, start, stop)`` in order."
    };
    ("all_melds") => {
        "Every valid canonical meld (C-6..C-8) that can be formed from the multiset `hand` (with\njokers only if `allow_jokers`), sorted, each once."
    };
    ("card") => {
        "Parse a card name into its id: the canonical names of ``card_name`` (\"QS\", \"TH\",\n\"LJ\", \"BJ\") and the other spellings \"10H\", \"qs\", \"Q♠\", \"JK\" (= \"LJ\", 52).\n\nRaises InvalidCardError for a text that names no card."
    };
    ("card_name") => {
        "The canonical name of card id 0..53 (\"QS\", \"TH\", \"2C\"; 52 \"LJ\", 53 \"BJ\"), for every\ngame; ``card(card_name(i)) == i``."
    };
    ("is_valid_meld") => {
        "Whether `meld` (card ids) is a valid meld under `rules` (C.1)."
    };
    ("meld_value") => {
        "The C-9 value of a valid canonical meld; InvalidArgumentError for an invalid one."
    };
    ("sample_deals") => {
        "``n`` deals drawn exactly uniformly from those that agree with ``info``, as arrays:\nthe holder of each card id per world, and importance weights under ``weights`` (a\n``(54, players)`` array of per-card, per-seat weights). Row ``k`` is world ``start +\nk`` (start default 0), which depends only on ``(seed, start + k)``: the same for any\nthread count, and parts concatenate exactly (docs/information.md)."
    };
    ("simulate_hearts") => {
        "Simulate a batch inside Rust with the GIL released.\n\n``hands=N``: N independent hands (hand i: dealer ``i % players``, hand index i, deal and\nchoices seeded from ``(seed, i)``), returned as arrays ``points``, ``hand_scores``\n(int32), ``tricks`` (N, players) and ``moon_shooter``, ``queen_taker`` (N,) with -1 for\nnone. ``games=N``: whole games to the rules' end: ``totals``, ``winners``,\n``hands_played``, ``finished`` (False: stopped after ``hand_limit`` hands, default\n1000, without reaching A-25; and ``chips_sixtieths``, ``pot`` for chips).\n``stream=True`` (with hands) returns only aggregates in constant memory. ``deals``: an\n(N, 52) integer array of deck orders, each dealt one card at a time from the dealer's\nleft. ``policy``: \"random\" (the default) or\n\"heuristic\", or one per seat. ``threads``: default all cores; results never depend on\nit. ``progress`` is called as ``progress(done, total)`` between chunks; Ctrl-C raises\nKeyboardInterrupt. ``start`` (default 0): compute hands (or games) ``start .. start + N\n- 1`` instead (with ``deals``, row k is hand ``start + k``); parts merge into the one\ncall exactly with ``hearts_fast.merge`` (docs/protocol.md, Index ranges)."
    };
    ("simulate_rummy") => {
        "Simulate rummy hands or games with in-engine policies (\"greedy\", the default, or\n\"random\"). Hands: ``hand_scores`` (n, players) int32, ``opened`` (n, players) bool,\n``went_out`` (n,) int8 (-1: nobody), ``turns`` (n,) uint32. ``stream=True``: aggregates\nonly, in constant memory. Games: ``totals`` (n, players) int64, ``winners`` (n,\nplayers) bool, ``hands_played`` (n,) uint32, ``finished`` (n,) bool (False: stopped at\n``hand_limit``, default 1000). Hand i depends only on (seed, i);\n``RummyState.from_batch`` with ``Policy(policy, seed=seed, index=i)`` replays it.\n``start`` (default 0): compute items ``start .. start + n - 1`` instead; parts merge\nexactly with ``hearts_fast.merge``."
    };
    ("simulate_spades") => {
        "Simulate Spades hands or whole games with in-engine policies (\"random\", the default,\nor \"heuristic\").\n\nHands: ``bids`` (n, 4) int8, ``nil``/``blind`` (n, 4) bool, ``bemo`` (n, 4) int8 (0 none,\n1 little, 2 big), ``tricks`` (n, 4) uint8, ``hand_scores`` (n, 2) int32, ``hand_bags``\n(n, 2) int8. ``stream=True``: aggregates only (means, variances, counts, trick\nhistograms), in constant memory. ``deals``: an (n, 52) integer array, each row the\nrules' 52 cards in the order they are dealt (card k to seat ``(dealer + 1 + k) % 4``,\ndealer ``i % 4``). Games: ``totals`` (n, 2) int64, ``winners`` (n, 2) bool,\n``hands_played`` (n,) uint32, ``finished`` (n,) bool (False: stopped at ``hand_limit``,\ndefault 1000). Hand (or game) i depends only on (seed, i): any thread count gives the\nsame arrays, and ``SpadesState.from_batch`` with ``Policy(policy, seed=seed, index=i)``\nreplays it. ``start`` (default 0): compute items ``start .. start + n - 1`` instead\n(with ``deals``, row k is hand ``start + k``, dealer ``(start + k) % 4``); parts merge\nexactly with ``hearts_fast.merge``."
    };
    ("solve") => {
        "The exact open-hand value of ``state`` (a hand in phase \"play\") for ``seat`` (default:\nthe player to move) under ``objective`` (Hearts \"points\"; Spades \"tricks\", the default,\nor \"score\"), with the value of each legal play (A-16, B-16). The same contract as\n``hearts_fast.reference.solve``; ``state`` never changes. The GIL is released and\nCtrl-C stops the search (KeyboardInterrupt). Each call uses an engine solver with a\n16 MiB table cleared first, so the result, ``nodes`` included, never depends on earlier\ncalls.\n\nArgumentTypeError: ``state`` is not a fast-engine HeartsState or SpadesState, ``seat``\nis not an int or None, ``objective`` not a str or None, a positional seat. Then\nInvalidArgumentError: an objective not of the game, a seat out of range, a hand not in\nphase \"play\", in that order."
    };
    ("solve_batch") => {
        "``solve`` of every state of a non-empty sequence of states of one game, in parallel\non ``threads`` threads (default: every core) with the GIL released and Ctrl-C honoured.\n``seat``: None (each state's player to move), one seat for all, or one per state.\nReturns ``SolveBatch(values, moves, nodes)``: int32 (n,), int32 (n, 54) with\n``Solution.ILLEGAL`` for cards that are not legal plays, int64 (n,). The states are\nsolved in fixed chunks of 8, each by one solver whose table is cleared at the chunk's\nstart, so every array is the same for any thread count. A bad state fails the whole\ncall before any solving, naming its index. There is no ``start=``: the states are the\ncaller's list, with no index stream. Solving the parts of the list and merging them\n(``hearts_fast.merge``) gives ``values`` and ``moves`` exactly for any split, and\n``nodes`` too when every part but the last holds a multiple of 8 states."
    };
}

pub(crate) use stub_doc;
