//! [`HeartsState`]: one hand of the Hearts family, from the deal through passing and play
//! to the hand score (docs/rules/hearts.md A-5..A-21). Small and `Copy`: search code copies it and
//! plays on the copy.

use super::rules::{DeckAdjust, FirstLead, HandDirection, HeartsRules, Moon, PassDirection};
use super::text::Action;
use crate::core::{
    kernel, BitOps, Card, CardSet, Portable, Rng, RulesError, Seat, Suit, Trick, TrickTaking,
};

/// Most players at a Hearts table (A-1).
pub const MAX_PLAYERS: usize = 7;
/// Most tricks in one hand (3 players, `deal_all`: 17).
pub const MAX_TRICKS: usize = 18;

/// Where a hand is.
#[derive(Copy, Clone, Debug, Eq, PartialEq, Hash)]
pub enum Phase {
    /// Players choose the cards they pass (A-8..A-11).
    Pass,
    /// Tricks are being played.
    Play,
    /// The hand is over and can be scored.
    Over,
}

impl Phase {
    /// `"pass"`, `"play"` or `"over"`.
    pub const fn name(self) -> &'static str {
        match self {
            Phase::Pass => "pass",
            Phase::Play => "play",
            Phase::Over => "over",
        }
    }
}

/// Why a card play was refused.
#[derive(Clone, Copy, Debug, Eq, PartialEq, thiserror::Error)]
pub enum PlayError {
    /// The hand is not in the play phase.
    #[error(
        "cards can only be played in the \"play\" phase; the hand is in \"{phase}\"",
        phase = .0.name()
    )]
    WrongPhase(Phase),
    /// The player does not hold the card.
    #[error("{0} is not in the player's hand")]
    NotInHand(Card),
    /// The player holds cards of the led suit (A-13).
    #[error(
        "{0} does not follow suit: {led} was led and the player holds one (A-13)",
        led = .1.symbol()
    )]
    MustFollowSuit(Card, Suit),
    /// Trick 1 must be led with this card (V-A1 `two_of_clubs`).
    #[error("{0} cannot lead trick 1: {1} must be led (V-A1)")]
    MustLead(Card, Card),
    /// Trick 1 must be led with a club (`can_lead_any_club`).
    #[error("{0} cannot lead trick 1: a club must be led")]
    MustLeadClub(Card),
    /// Hearts may not be led yet (A-14).
    #[error("{0} cannot be led: hearts are not broken and the player holds a non-heart (A-14)")]
    HeartsNotBroken(Card),
    /// No penalty card in trick 1 (A-15).
    #[error("{0} is a penalty card and cannot be played in trick 1 (A-15)")]
    PointsOnFirstTrick(Card),
    /// Any other refusal (the card is not in the legal set).
    #[error("{0} is not a legal play")]
    NotLegal(Card),
}

impl PlayError {
    /// The card refused (`None` when the hand was not in the play phase at all).
    pub const fn card(&self) -> Option<Card> {
        match *self {
            PlayError::WrongPhase(_) => None,
            PlayError::NotInHand(c)
            | PlayError::MustFollowSuit(c, _)
            | PlayError::MustLead(c, _)
            | PlayError::MustLeadClub(c)
            | PlayError::HeartsNotBroken(c)
            | PlayError::PointsOnFirstTrick(c)
            | PlayError::NotLegal(c) => Some(c),
        }
    }
}

/// Why a pass or forward was refused.
#[derive(Clone, Debug, Eq, PartialEq, thiserror::Error)]
#[allow(missing_docs)]
pub enum PassError {
    /// The hand is not in the pass phase.
    #[error(
        "passing is only allowed in the \"pass\" phase; the hand is in \"{phase}\"",
        phase = .0.name()
    )]
    WrongPhase(Phase),
    /// No such seat: the seat given and the last seat (`players - 1`).
    #[error("seat must be 0..{1}, got {0}")]
    NoSuchSeat(u8, u8),
    /// The seat already passed or forwarded.
    #[error("seat {0} has already passed or forwarded")]
    AlreadyPassed(u8),
    /// Wrong number of cards.
    #[error("exactly {expected} distinct cards must be passed, got {got}")]
    WrongCount { expected: u8, got: u32 },
    /// A card the seat was not dealt.
    #[error("{1} is not in seat {0}'s dealt hand")]
    NotInHand(u8, Card),
    /// The rules do not allow forwarding (A-11).
    #[error("forwarding needs the rule pass_through (A-11)")]
    ForwardNotAllowed,
}

/// Why an [`Action`] was refused: the refusal of its play, or of its pass or forward.
#[derive(Clone, Debug, Eq, PartialEq, thiserror::Error)]
pub enum ActionError {
    /// The card play was refused.
    #[error("{0}")]
    Play(PlayError),
    /// The pass or forward was refused.
    #[error("{0}")]
    Pass(PassError),
}

/// Why explicit hands are not a valid deal.
#[derive(Clone, Debug, Eq, PartialEq, thiserror::Error)]
#[allow(missing_docs)]
pub enum DealError {
    /// Wrong number of hands.
    #[error("expected {expected} hands (one per player), got {got}")]
    WrongSeatCount { expected: u8, got: usize },
    /// A card that the rules removed from the deck (A-3).
    #[error("{0} is not in the deck for these rules (A-3)")]
    NotInDeck(Card),
    /// A card given twice.
    #[error("{0} is dealt more than once")]
    Duplicate(Card),
    /// A card of the deck given to nobody.
    #[error("{0} is in the deck but dealt to nobody")]
    Missing(Card),
    /// A hand of the wrong size for its seat (A-6, A-7).
    #[error("seat {seat} must hold {expected} cards for this dealer, got {got}")]
    WrongHandSize { seat: u8, expected: u32, got: u32 },
    /// The dealer seat is out of range.
    #[error("dealer must be 0..{1}, got {0}")]
    NoSuchDealer(u8, u8),
}

/// The pass phase of a hand (A-8..A-11): what each seat has done so far.
#[derive(Copy, Clone, Debug, Eq, PartialEq, Hash)]
struct Passing {
    /// Cards each seat passes: 0 in a hold hand, which starts in the play phase.
    k: u8,
    /// The cards each seat has chosen to pass, delivered together once all have acted.
    chosen: [CardSet; MAX_PLAYERS],
    /// Bit `s`: seat `s` has passed or declared FORWARD.
    done: u8,
    /// Bit `s`: seat `s` declared FORWARD (A-11).
    forwarders: u8,
}

/// One hand of the Hearts family.
#[derive(Copy, Clone, Debug, Eq, PartialEq, Hash)]
pub struct HeartsState {
    rules: HeartsRules,
    /// The value cards in play (A-4): with `early_end` the hand ends once all are played (A-19).
    value: CardSet,
    /// The number of players, `rules.players`.
    n: u8,
    dealer: u8,
    hand_index: u64,
    /// This hand's pass direction (A-8), resolved at the deal.
    direction: HandDirection,
    phase: Phase,
    /// The hands as dealt, before the passes (A-6, A-7).
    dealt: [CardSet; MAX_PLAYERS],
    /// The cards each seat holds now.
    hands: [CardSet; MAX_PLAYERS],
    /// The pass phase (A-8..A-11).
    passing: Passing,
    /// Bit `s`: seat `s` was dealt an extra card under `deal_all` and plays two cards in
    /// trick 1 (A-7).
    extra_seats: u8,
    /// The trick in progress.
    trick: Trick,
    /// The number of the trick in progress, from 1.
    trick_no: u8,
    /// The seat to play (in the play phase).
    to_play: u8,
    /// Players who have played to the trick in progress (a seat with two cards counts once).
    players_done: u8,
    /// The seat to play has played the first of its two trick-1 cards (A-7).
    double_pending: bool,
    /// Hearts are broken (A-14).
    broken: bool,
    /// Every card played so far in this hand.
    played: CardSet,
    /// The cards each seat has won in tricks.
    captured: [CardSet; MAX_PLAYERS],
    tricks_taken: [u8; MAX_PLAYERS],
    /// The winner of each completed trick, in order.
    winners: [u8; MAX_TRICKS],
}

/// The directions of `pass_direction = "random"`, indexed by the draw `below(4)`.
pub(crate) const RANDOM_DIRECTIONS: [HandDirection; 4] = [
    HandDirection::Left,
    HandDirection::Across,
    HandDirection::Right,
    HandDirection::Hold,
];

/// Chooses this hand's direction (A-8, A.6 `random`): the rules' own for every setting but
/// `random`; for `random`, `given` or a uniform draw from {left, across, right, hold}.
pub fn resolve_direction(
    rules: &HeartsRules,
    hand_index: u64,
    given: Option<HandDirection>,
    rng: &mut Rng,
) -> Result<HandDirection, RulesError> {
    match (rules.hand_direction(hand_index), given) {
        (Some(d), None) => Ok(d),
        (Some(_), Some(_)) => Err(RulesError(format!(
            "a pass_direction for the hand can only be given when the rules' pass_direction is \
             \"random\"; here it is \"{}\"",
            rules.pass_direction
        ))),
        (None, Some(d)) => Ok(rules.effective(d)),
        (None, None) => Ok(rules.effective(RANDOM_DIRECTIONS[rng.below(4) as usize])),
    }
}

/// Deals the rules' deck at random (A-6, A-7): seat by seat from the dealer's left, each
/// seat's cards are a uniform random subset of the cards still undealt, and the last seat
/// takes the rest. Every deal the one-card-at-a-time deal of a shuffled deck can produce is
/// equally likely, with fewer random draws.
pub fn deal_random(rules: &HeartsRules, dealer: u8, rng: &mut Rng) -> [CardSet; MAX_PLAYERS] {
    deal_random_with(Portable, rules, dealer, rng)
}

/// [`deal_random`] with the bit instructions `bits` (a detected [`Bmi2`](crate::Bmi2)'s
/// `pdep`, or [`Portable`]); every [`BitOps`] gives the same deal.
#[inline(always)]
pub fn deal_random_with<B: BitOps>(
    bits: B,
    rules: &HeartsRules,
    dealer: u8,
    rng: &mut Rng,
) -> [CardSet; MAX_PLAYERS] {
    let n = rules.players;
    let deck = rules.deck();
    let total = deck.count();
    let each = total / u32::from(n);
    let extra = total % u32::from(n);
    // The ranges total, total−1, …, drawn 10 at a time: 52^10 < 2^64.
    let to_draw = (total - each) as usize; // the last seat takes the rest (never an extra card)
    let mut bounds = [0u32; 52];
    for (i, b) in bounds.iter_mut().enumerate().take(to_draw) {
        *b = total - i as u32;
    }
    let mut draws = [0u32; 52];
    for (bs, ds) in bounds[..to_draw]
        .chunks(10)
        .zip(draws[..to_draw].chunks_mut(10))
    {
        rng.below_batch(bs, ds);
    }
    let mut remaining = deck;
    let mut hands = [CardSet::EMPTY; MAX_PLAYERS];
    let mut seat = if dealer + 1 == n { 0 } else { dealer + 1 };
    let mut d = 0usize;
    for o in 0..u32::from(n) - 1 {
        let size = each + u32::from(o < extra);
        let mut h = CardSet::EMPTY;
        for _ in 0..size {
            let bit = remaining.nth_bit(bits, draws[d]);
            d += 1;
            h |= bit;
            remaining -= bit;
        }
        hands[usize::from(seat)] = h;
        seat = if seat + 1 == n { 0 } else { seat + 1 };
    }
    hands[usize::from(seat)] = remaining;
    hands
}

impl HeartsState {
    /// A hand dealt at random from `rng`: direction first (for `random`), then the shuffle.
    ///
    /// ```
    /// use hearts_engine::{Rng, hearts::{HeartsRules, HeartsState, Phase}};
    /// let s = HeartsState::deal(&HeartsRules::default(), 0, 0, &mut Rng::new(1));
    /// assert_eq!(s.phase(), Phase::Pass);
    /// assert!(s.hands().iter().all(|h| h.count() == 13));
    /// ```
    pub fn deal(rules: &HeartsRules, dealer: u8, hand_index: u64, rng: &mut Rng) -> HeartsState {
        let direction =
            resolve_direction(rules, hand_index, None, rng).unwrap_or(HandDirection::Hold);
        let hands = deal_random(rules, dealer, rng);
        HeartsState::new_unchecked(rules, hands, dealer, hand_index, direction)
    }

    /// A hand from explicit hands, validated against A-3/A-6/A-7.
    pub fn from_deal(
        rules: &HeartsRules,
        hands: &[CardSet],
        dealer: u8,
        hand_index: u64,
        direction: HandDirection,
    ) -> Result<HeartsState, DealError> {
        let n = rules.players;
        if dealer >= n {
            return Err(DealError::NoSuchDealer(dealer, n));
        }
        if hands.len() != usize::from(n) {
            return Err(DealError::WrongSeatCount {
                expected: n,
                got: hands.len(),
            });
        }
        let deck = rules.deck();
        let mut seen = CardSet::EMPTY;
        for h in hands {
            if let Some(c) = (*h - deck).first() {
                return Err(DealError::NotInDeck(c));
            }
            if let Some(c) = (*h & seen).first() {
                return Err(DealError::Duplicate(c));
            }
            seen |= *h;
        }
        if let Some(c) = (deck - seen).first() {
            return Err(DealError::Missing(c));
        }
        let mut arr = [CardSet::EMPTY; MAX_PLAYERS];
        for seat in 0..n {
            let expected = Self::dealt_size(rules, dealer, seat);
            let got = hands[usize::from(seat)].count();
            if got != expected {
                return Err(DealError::WrongHandSize {
                    seat,
                    expected,
                    got,
                });
            }
            arr[usize::from(seat)] = hands[usize::from(seat)];
        }
        Ok(HeartsState::new_unchecked(
            rules,
            arr,
            dealer,
            hand_index,
            rules.effective(direction),
        ))
    }

    /// How many cards `seat` is dealt when `dealer` deals (A-6, A-7).
    pub fn dealt_size(rules: &HeartsRules, dealer: u8, seat: u8) -> u32 {
        let n = rules.players;
        let from_left = u32::from((seat + n - dealer - 1) % n);
        rules.cards_each() + u32::from(from_left < rules.extra_cards())
    }

    /// A hand from hands the caller guarantees to be a valid deal.
    pub fn new_unchecked(
        rules: &HeartsRules,
        hands: [CardSet; MAX_PLAYERS],
        dealer: u8,
        hand_index: u64,
        direction: HandDirection,
    ) -> HeartsState {
        let n = rules.players;
        let mut extra_seats = 0u8;
        if rules.deck_adjust == DeckAdjust::DealAll {
            for o in 0..rules.extra_cards() as u8 {
                extra_seats |= 1 << ((dealer + 1 + o) % n);
            }
        }
        let pass_k = if direction == HandDirection::Hold {
            0
        } else {
            rules.pass_k()
        };
        let mut s = HeartsState {
            rules: *rules,
            value: rules.value_cards(),
            n,
            dealer,
            hand_index,
            direction,
            phase: Phase::Pass,
            dealt: hands,
            hands,
            passing: Passing {
                k: pass_k,
                chosen: [CardSet::EMPTY; MAX_PLAYERS],
                done: 0,
                forwarders: 0,
            },
            extra_seats,
            trick: Trick::new(),
            trick_no: 1,
            to_play: 0,
            players_done: 0,
            double_pending: false,
            broken: false,
            played: CardSet::EMPTY,
            captured: [CardSet::EMPTY; MAX_PLAYERS],
            tricks_taken: [0; MAX_PLAYERS],
            winners: [0; MAX_TRICKS],
        };
        if pass_k == 0 {
            s.start_play();
        }
        s
    }

    fn start_play(&mut self) {
        self.phase = Phase::Play;
        self.to_play = match self.rules.first_lead {
            FirstLead::LeftOfDealer => (self.dealer + 1) % self.n,
            FirstLead::TwoOfClubs => {
                let low = self.rules.lowest_club();
                (0..self.n)
                    .find(|&p| self.hands[usize::from(p)].contains(low))
                    .unwrap_or(0)
            }
        };
    }

    /// The rules.
    pub const fn rules(&self) -> &HeartsRules {
        &self.rules
    }
    /// Number of players.
    pub const fn num_players(&self) -> u8 {
        self.n
    }
    /// The dealer's seat.
    pub const fn dealer(&self) -> u8 {
        self.dealer
    }
    /// The 0-based index of this hand in its game.
    pub const fn hand_index(&self) -> u64 {
        self.hand_index
    }
    /// The phase.
    pub const fn phase(&self) -> Phase {
        self.phase
    }
    /// This hand's resolved pass direction.
    pub const fn pass_direction(&self) -> HandDirection {
        self.direction
    }
    /// This hand's pass count (0 when holding).
    pub const fn pass_count(&self) -> u8 {
        self.passing.k
    }
    /// Current holdings, one set per seat (only the first `num_players` are used).
    pub fn hands(&self) -> &[CardSet] {
        &self.hands[..usize::from(self.n)]
    }
    /// The hands as dealt, before passing.
    pub fn dealt(&self) -> &[CardSet] {
        &self.dealt[..usize::from(self.n)]
    }
    /// The seat to play in the play phase; in the pass phase the lowest pending seat.
    pub fn current_player(&self) -> Option<u8> {
        match self.phase {
            Phase::Play => Some(self.to_play),
            Phase::Pass => (0..self.n).find(|&s| self.passing.done & (1 << s) == 0),
            Phase::Over => None,
        }
    }
    /// Bit mask of the seats still to pass or forward.
    pub fn pending_passes(&self) -> u8 {
        if self.phase == Phase::Pass {
            ((1u16 << self.n) - 1) as u8 & !self.passing.done
        } else {
            0
        }
    }
    /// The cards `seat` chose to pass (empty if it forwarded or has not acted).
    pub fn pass_selection(&self, seat: u8) -> CardSet {
        self.passing.chosen[usize::from(seat)]
    }
    /// Bit mask of the seats that forwarded.
    pub const fn forwarders(&self) -> u8 {
        self.passing.forwarders
    }
    /// The trick in progress.
    pub const fn trick(&self) -> &Trick {
        &self.trick
    }
    /// 1-based number of the trick being played (tricks completed + 1).
    pub const fn trick_number(&self) -> u8 {
        self.trick_no
    }
    /// Winners of the completed tricks, in order.
    pub fn trick_winners(&self) -> &[u8] {
        &self.winners[..usize::from(self.trick_no - 1)]
    }
    /// Tricks won per seat.
    pub fn tricks_taken(&self) -> &[u8] {
        &self.tricks_taken[..usize::from(self.n)]
    }
    /// Cards captured per seat (every card of the tricks it won).
    pub fn captured(&self) -> &[CardSet] {
        &self.captured[..usize::from(self.n)]
    }
    /// Whether hearts are broken (A-14; Q♠ too with `queen_breaks_hearts`).
    pub const fn hearts_broken(&self) -> bool {
        self.broken
    }
    /// Every card played in completed tricks.
    pub const fn played(&self) -> CardSet {
        self.played
    }

    /// The legal plays of the player to move (A-16 with the A.6 options); empty outside the
    /// play phase.
    #[inline]
    pub fn legal_plays(&self) -> CardSet {
        if self.phase != Phase::Play {
            return CardSet::EMPTY;
        }
        let r = &self.rules;
        let hand = self.hands[usize::from(self.to_play)];
        let first = self.trick_no == 1;
        let mut c = match self.trick.plays().next() {
            Some((_, first)) => CardSet(kernel::follow(hand.0, kernel::led_mask(1 << first.id()))),
            None => {
                if first && r.first_lead == FirstLead::TwoOfClubs {
                    if !r.can_lead_any_club {
                        return CardSet::single(r.lowest_club()) & hand;
                    }
                    hand & CardSet::CLUBS
                } else if r.hearts_must_be_broken && !self.broken {
                    // A-14: no heart lead before hearts are broken, unless the hand holds only
                    // hearts (or, with can_lead_hearts_instead_of_qs, only hearts and Q♠).
                    let non_hearts = hand - CardSet::HEARTS;
                    if r.can_lead_hearts_instead_of_qs
                        && non_hearts == CardSet::single(Card::QUEEN_OF_SPADES)
                    {
                        hand
                    } else {
                        CardSet(kernel::prefer(hand.0, !CardSet::HEARTS.0))
                    }
                } else {
                    hand
                }
            }
        };
        if first && r.first_trick_no_points {
            c = CardSet(kernel::prefer(c.0, !r.penalty_cards().0));
        }
        c
    }

    /// Plays a card for the player to move, if legal.
    ///
    /// ```
    /// use hearts_engine::{Rng, hearts::{HeartsRules, HeartsState, PassDirection}};
    /// let rules = HeartsRules { pass_direction: PassDirection::Hold, ..Default::default() };
    /// let mut s = HeartsState::deal(&rules, 0, 0, &mut Rng::new(3));
    /// let card = s.legal_plays().first().unwrap();
    /// s.try_play(card).unwrap();
    /// assert_eq!(s.trick().len(), 1);
    /// ```
    pub fn try_play(&mut self, card: Card) -> Result<(), PlayError> {
        let legal = self.legal_plays();
        if !legal.contains(card) {
            return Err(self.play_error(card));
        }
        self.play_unchecked(card);
        Ok(())
    }

    /// The state after playing `card`, or the error with the state unchanged.
    pub fn play(mut self, card: Card) -> Result<HeartsState, (PlayError, HeartsState)> {
        let before = self;
        match self.try_play(card) {
            Ok(()) => Ok(self),
            Err(e) => Err((e, before)),
        }
    }

    /// Applies one action (a pass, a forward or a play) with the engine's checks; a
    /// refused action changes nothing.
    ///
    /// ```
    /// use hearts_engine::{Rng, hearts::{Action, HeartsRules, HeartsState, Phase}};
    /// let mut s = HeartsState::deal(&HeartsRules::default(), 0, 0, &mut Rng::new(2));
    /// let before = s;
    /// assert!(s.try_apply(Action::Play(s.hands()[1].first().unwrap())).is_err());
    /// assert_eq!(s, before);
    /// let pass = s.hands()[1].into_iter().take(4).collect();
    /// s.try_apply(Action::Pass(1, pass)).unwrap();
    /// assert_eq!(s.pending_passes(), 0b1101);
    /// ```
    pub fn try_apply(&mut self, action: Action) -> Result<(), ActionError> {
        match action {
            Action::Play(c) => self.try_play(c).map_err(ActionError::Play),
            Action::Pass(seat, cards) => self.pass_cards(seat, cards).map_err(ActionError::Pass),
            Action::Forward(seat) => self.forward(seat).map_err(ActionError::Pass),
        }
    }

    /// The cards `seat` may choose its pass from now: its dealt hand while it has still to
    /// pass or forward, else none (what a refused pass of that seat could do instead).
    ///
    /// ```
    /// use hearts_engine::{Rng, hearts::{HeartsRules, HeartsState}};
    /// let s = HeartsState::deal(&HeartsRules::default(), 0, 0, &mut Rng::new(2));
    /// assert_eq!(s.pass_options(2), s.hands()[2]);
    /// assert!(s.pass_options(4).is_empty());
    /// ```
    pub fn pass_options(&self, seat: u8) -> CardSet {
        if seat < self.n && self.pending_passes() >> seat & 1 != 0 {
            self.hands[usize::from(seat)]
        } else {
            CardSet::EMPTY
        }
    }

    /// Bit mask of the seats that may forward now (A-11): the seats still to pass, when the
    /// rules allow forwarding.
    ///
    /// ```
    /// use hearts_engine::{Rng, hearts::{HeartsRules, HeartsState}};
    /// let rules = HeartsRules::default();
    /// assert_eq!(HeartsState::deal(&rules, 0, 0, &mut Rng::new(2)).forward_options(), 0b1111);
    /// let strict = HeartsRules { pass_through: false, ..rules };
    /// assert_eq!(HeartsState::deal(&strict, 0, 0, &mut Rng::new(2)).forward_options(), 0);
    /// ```
    pub fn forward_options(&self) -> u8 {
        if self.rules.pass_through {
            self.pending_passes()
        } else {
            0
        }
    }

    fn play_error(&self, card: Card) -> PlayError {
        if self.phase != Phase::Play {
            return PlayError::WrongPhase(self.phase);
        }
        let r = &self.rules;
        let hand = self.hands[usize::from(self.to_play)];
        if !hand.contains(card) {
            return PlayError::NotInHand(card);
        }
        match self.trick.led_suit() {
            Some(led) if !(hand & CardSet::suit(led)).is_empty() && card.suit() != led => {
                return PlayError::MustFollowSuit(card, led);
            }
            None if self.trick_no == 1 && r.first_lead == FirstLead::TwoOfClubs => {
                return if r.can_lead_any_club {
                    PlayError::MustLeadClub(card)
                } else {
                    PlayError::MustLead(card, r.lowest_club())
                };
            }
            None if card.suit() == Suit::Hearts && r.hearts_must_be_broken && !self.broken => {
                return PlayError::HeartsNotBroken(card);
            }
            _ => {}
        }
        if self.trick_no == 1 && r.penalty_cards().contains(card) {
            return PlayError::PointsOnFirstTrick(card);
        }
        PlayError::NotLegal(card)
    }

    /// Plays a card the caller knows to be legal.
    #[inline]
    pub fn play_unchecked(&mut self, card: Card) {
        debug_assert!(self.legal_plays().contains(card), "{card} is not legal");
        let p = self.to_play;
        self.hands[usize::from(p)].remove(card);
        self.trick.push(p, card);
        if self.trick_no == 1 && self.extra_seats & (1 << p) != 0 && !self.double_pending {
            // A-7: an extra-card holder plays a second card at the same turn.
            self.double_pending = true;
            return;
        }
        self.double_pending = false;
        self.players_done += 1;
        if self.players_done < self.n {
            self.to_play = if p + 1 == self.n { 0 } else { p + 1 };
            return;
        }
        self.finish_trick();
    }

    fn finish_trick(&mut self) {
        let w = self.trick.winner(CardSet::EMPTY).unwrap_or(self.to_play);
        let cards = self.trick.cards();
        self.captured[usize::from(w)] |= cards;
        self.tricks_taken[usize::from(w)] += 1;
        self.winners[usize::from(self.trick_no - 1)] = w;
        if !(cards & CardSet::HEARTS).is_empty()
            || (self.rules.queen_breaks_hearts && cards.contains(Card::QUEEN_OF_SPADES))
        {
            self.broken = true;
        }
        self.played |= cards;
        self.trick = Trick::new();
        self.players_done = 0;
        self.trick_no += 1;
        self.to_play = w;
        // A-19: the last trick, or with early_end every value card captured.
        if self.hands[usize::from(w)].is_empty()
            || (self.rules.early_end && (self.value - self.played).is_empty())
        {
            self.phase = Phase::Over;
        }
    }

    /// Plays the rest of the hand choosing uniformly among the legal plays: each play is
    /// `legal.nth(rng.below(legal.count()))`, the same draws as stepping with a random
    /// [`crate::hearts::policy::TablePolicy`], so the result is the same.
    #[inline(always)]
    pub fn play_random_to_end<B: BitOps>(&mut self, bits: B, rng: &mut Rng) {
        // Trick 1 (first-lead, no-points and A-7 double-play rules) and any partial trick
        // go through the general path; whole later tricks through a loop on the masks.
        while self.phase == Phase::Play && (self.trick_no == 1 || !self.trick.is_empty()) {
            let legal = self.legal_plays();
            let card = legal.nth_bit(bits, rng.below(legal.count()));
            self.play_unchecked(Card::new_unchecked(card.0.trailing_zeros() as u8));
        }
        let r = self.rules;
        let n = usize::from(self.n);
        let qs_only = CardSet::single(Card::QUEEN_OF_SPADES);
        let breakers = if r.queen_breaks_hearts {
            CardSet::HEARTS | qs_only
        } else {
            CardSet::HEARTS
        };
        while self.phase == Phase::Play {
            // Lead (A-14, A.6 can_lead_hearts_instead_of_qs).
            let leader = usize::from(self.to_play);
            let h = self.hands[leader];
            let mut c = h;
            if r.hearts_must_be_broken && !self.broken {
                let nh = h - CardSet::HEARTS;
                if !nh.is_empty() && !(r.can_lead_hearts_instead_of_qs && nh == qs_only) {
                    c = nh;
                }
            }
            let lead = c.nth_bit(bits, rng.below(c.count()));
            self.hands[leader] -= lead;
            let led = kernel::led_mask(lead.0);
            let (mut trick, mut p) = (lead.0, leader);
            let mut by_seat = [0u64; MAX_PLAYERS];
            by_seat[leader] = lead.0;
            // Follow (A-13).
            for _ in 1..n {
                p = if p + 1 == n { 0 } else { p + 1 };
                let h = self.hands[p];
                let c = CardSet(kernel::follow(h.0, led));
                let b = c.nth_bit(bits, rng.below(c.count()));
                self.hands[p] -= b;
                trick |= b.0;
                by_seat[p] = b.0;
            }
            // A-17: the highest card of the led suit wins.
            let w = kernel::winner_bit(trick, led, 0);
            let best_seat = by_seat[..n].iter().position(|&b| b == w).unwrap_or(leader);
            let trick = CardSet(trick);
            self.captured[best_seat] |= trick;
            self.tricks_taken[best_seat] += 1;
            self.winners[usize::from(self.trick_no) - 1] = best_seat as u8;
            self.trick_no += 1;
            self.played |= trick;
            self.broken |= !(trick & breakers).is_empty();
            self.to_play = best_seat as u8;
            // A-19.
            if self.hands[best_seat].is_empty()
                || (r.early_end && (self.value - self.played).is_empty())
            {
                self.phase = Phase::Over;
            }
        }
    }

    /// Chooses `cards` for `seat` to pass (A-8, A-10).    /// Chooses `cards` for `seat` to pass (A-8, A-10).
    pub fn pass_cards(&mut self, seat: u8, cards: CardSet) -> Result<(), PassError> {
        self.check_pass(seat)?;
        if cards.count() != u32::from(self.passing.k) {
            return Err(PassError::WrongCount {
                expected: self.passing.k,
                got: cards.count(),
            });
        }
        if let Some(c) = (cards - self.dealt[usize::from(seat)]).first() {
            return Err(PassError::NotInHand(seat, c));
        }
        self.passing.chosen[usize::from(seat)] = cards;
        self.mark_passed(seat);
        Ok(())
    }

    /// Declares FORWARD for `seat` (A-11).
    pub fn forward(&mut self, seat: u8) -> Result<(), PassError> {
        self.check_pass(seat)?;
        if !self.rules.pass_through {
            return Err(PassError::ForwardNotAllowed);
        }
        self.passing.forwarders |= 1 << seat;
        self.mark_passed(seat);
        Ok(())
    }

    fn check_pass(&self, seat: u8) -> Result<(), PassError> {
        if self.phase != Phase::Pass {
            return Err(PassError::WrongPhase(self.phase));
        }
        if seat >= self.n {
            return Err(PassError::NoSuchSeat(seat, self.n - 1));
        }
        if self.passing.done & (1 << seat) != 0 {
            return Err(PassError::AlreadyPassed(seat));
        }
        Ok(())
    }

    fn mark_passed(&mut self, seat: u8) {
        self.passing.done |= 1 << seat;
        if self.pending_passes() == 0 {
            self.deliver_passes();
        }
    }

    /// A-8/A-11: each packet travels in the pass direction through forwarders to the first
    /// non-forwarder reached (possibly its sender).
    fn deliver_passes(&mut self) {
        let n = self.n;
        let d = self.rules.offset(self.direction);
        let mut hands = self.dealt;
        for s in 0..n {
            if self.passing.forwarders & (1 << s) != 0 {
                continue;
            }
            let packet = self.passing.chosen[usize::from(s)];
            let mut to = s;
            loop {
                to = (to + d) % n;
                if self.passing.forwarders & (1 << to) == 0 {
                    break;
                }
            }
            hands[usize::from(s)] -= packet;
            hands[usize::from(to)] |= packet;
        }
        // Receivers are distinct because the hop map is a bijection on non-forwarders, so
        // removing then adding never loses a card.
        self.hands = hands;
        self.start_play();
    }

    /// Penalty points captured per seat (A-20).
    pub fn points(&self) -> [u32; MAX_PLAYERS] {
        let mut p = [0; MAX_PLAYERS];
        for i in 0..usize::from(self.n) {
            p[i] = self.rules.penalty_of(self.captured[i]);
        }
        p
    }

    /// The moon shooter (A-21), once the hand is over and `moon` is not `none`.
    pub fn moon_shooter(&self) -> Option<u8> {
        if self.phase != Phase::Over || self.rules.moon == Moon::None {
            return None;
        }
        let mut need = self.rules.penalty_cards();
        if self.rules.jack_of_diamonds && self.rules.moon_requires_jack {
            need = need.with(Card::JACK_OF_DIAMONDS);
        }
        (0..self.n).find(|&i| need.is_subset(self.captured[usize::from(i)]))
    }

    /// The hand score h_i per seat (A-21), with `avoid_all_tricks_bonus` (A.6).
    pub fn hand_scores(&self) -> [i32; MAX_PLAYERS] {
        self.outcome().1
    }

    /// Points (A-20), hand scores (A-21) and the moon shooter, computed once.
    #[inline]
    pub fn outcome(&self) -> ([u32; MAX_PLAYERS], [i32; MAX_PLAYERS], Option<u8>) {
        let n = usize::from(self.n);
        let r = &self.rules;
        let v = r.total_penalty() as i32;
        let pen = self.points();
        let mut bon = [0i32; MAX_PLAYERS];
        if r.jack_of_diamonds {
            for i in 0..n {
                if self.captured[i].contains(Card::JACK_OF_DIAMONDS) {
                    bon[i] = 10;
                }
            }
        }
        let mut h = [0i32; MAX_PLAYERS];
        let shooter = self.moon_shooter().map(usize::from);
        for i in 0..n {
            h[i] = match (r.moon, shooter) {
                (Moon::SubtractSelf, Some(s)) if s == i => -v - bon[i],
                (Moon::SubtractSelf, Some(_)) => -bon[i],
                (Moon::AddOthers, Some(s)) if s == i => -bon[i],
                (Moon::AddOthers, Some(_)) => v - bon[i],
                _ => pen[i] as i32 - bon[i],
            };
            if shooter.is_none() && self.tricks_taken[i] == 0 {
                h[i] -= r.avoid_all_tricks_bonus as i32;
            }
        }
        (pen, h, shooter.map(|s| s as u8))
    }

    /// The seat that captured Q♠, if any.
    pub fn queen_taker(&self) -> Option<u8> {
        (0..self.n).find(|&i| self.captured[usize::from(i)].contains(Card::QUEEN_OF_SPADES))
    }

    /// Whether the rules' direction is drawn at random each hand.
    pub fn direction_is_random(&self) -> bool {
        self.rules.pass_direction == PassDirection::Random
    }
}

impl TrickTaking for HeartsState {
    fn num_players(&self) -> u8 {
        self.n
    }

    fn to_play(&self) -> Option<Seat> {
        (self.phase == Phase::Play).then(|| Seat::new_unchecked(self.to_play))
    }

    fn is_over(&self) -> bool {
        self.phase == Phase::Over
    }

    fn legal_plays(&self) -> CardSet {
        HeartsState::legal_plays(self)
    }

    fn legal_plays_with(&self, hand: CardSet) -> CardSet {
        let mut probe = *self;
        if let Some(seat) = self.current_player() {
            probe.hands[usize::from(seat)] = hand;
        }
        probe.legal_plays()
    }

    fn play_unchecked(&mut self, card: Card) {
        HeartsState::play_unchecked(self, card);
    }

    fn hand(&self, seat: Seat) -> CardSet {
        self.hands[seat.index()]
    }

    fn trick(&self) -> &Trick {
        &self.trick
    }

    fn trumps(&self) -> CardSet {
        CardSet::EMPTY
    }

    fn played(&self) -> CardSet {
        self.played
    }

    fn tricks_taken(&self, seat: Seat) -> u8 {
        self.tricks_taken[seat.index()]
    }

    fn trick_winners(&self) -> impl ExactSizeIterator<Item = Seat> + '_ {
        self.trick_winners().iter().map(|&w| Seat::new_unchecked(w))
    }

    fn hand_result(&self, seat: Seat) -> i64 {
        i64::from(self.hand_scores()[seat.index()])
    }
}
