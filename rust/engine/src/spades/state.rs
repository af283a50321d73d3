//! One hand of Spades: the deal, the deficient-hand redeal, bidding, play and the hand's
//! score (docs/rules/spades.md B-1..B-21, B.3, B-27).

use super::rules::{Bemo, Boston, DeficientHand, FirstLead, NilTricks, Renege, SetPenalty};
use super::rules::{SpadesRules, MAX_TOTAL};
use super::text::RedealSource;
use crate::core::{kernel, Card, CardSet, Rank, Rng, Seat, Trick, TrickTaking};

/// Cards per hand and tricks per hand.
pub const TRICKS: usize = 13;

/// A deal: per seat, its 13 card ids in dealt order (the first four of each seat are the
/// face-up cards under `face_up_first_four`, B.3 #2).
pub type Deal = [[u8; TRICKS]; 4];

/// The phase of a hand.
#[derive(Copy, Clone, Debug, Eq, PartialEq, Hash)]
pub enum Phase {
    /// Bidding (B-6): one bid per seat from the dealer's left.
    Bid,
    /// Trick play (B-10..B-14).
    Play,
    /// All 13 tricks played.
    Over,
}

impl Phase {
    /// `"bid"`, `"play"` or `"over"`.
    pub const fn name(self) -> &'static str {
        match self {
            Phase::Bid => "bid",
            Phase::Play => "play",
            Phase::Over => "over",
        }
    }
}

/// One bid (B-6, B-7, B.3).
#[derive(Copy, Clone, Debug, Default, Eq, PartialEq, Hash)]
pub struct Bid {
    /// The number of tricks bid, 0..=13.
    pub value: u8,
    /// A nil: rules `nil` and a value of 0 (B-7).
    pub nil: bool,
    /// A blind nil (B.3).
    pub blind: bool,
    /// The bemo declared with this bid, if any (B.3 #9).
    pub bemo: Option<Bemo>,
}

/// The team of a seat (B-1): seats 0 and 2 are team 0, seats 1 and 3 team 1.
#[inline]
pub const fn team_of(seat: u8) -> usize {
    (seat & 1) as usize
}

/// The cards of the suit `card` belongs to, jokers counting as spades (B.3 #5).
#[inline]
pub const fn suit_cards(card: Card) -> CardSet {
    if card.id() >= 39 {
        CardSet::SPADE_SUIT
    } else {
        CardSet(0x1fff << (13 * (card.id() / 13)))
    }
}

/// Why a deal was refused.
#[derive(Clone, Debug, Eq, PartialEq, thiserror::Error)]
pub enum DealError {
    /// Not 4 hands.
    #[error("expected 4 hands (one per seat, seat 0 first), got {0}")]
    WrongSeatCount(usize),
    /// A card the rules' deck does not hold (a joker without `jokers`, 2♣/2♦ with them).
    #[error(
        "{0} (id {id}) is not in the deck for these rules (B-2; with the jokers rule \
         the deck has no 2C/2D and holds LJ (52) and BJ (53))",
        id = .0.id()
    )]
    NotInDeck(Card),
    /// A card given twice.
    #[error("{0} (id {id}) is dealt more than once", id = .0.id())]
    Duplicate(Card),
    /// A deck card given to nobody.
    #[error("{0} (id {id}) is in the deck but dealt to nobody", id = .0.id())]
    Missing(Card),
    /// A hand without 13 cards.
    #[error("seat {seat} must get 13 cards (B-4), got {got}")]
    WrongHandSize {
        /// The seat.
        seat: u8,
        /// Its number of cards.
        got: usize,
    },
}

/// Why a bid was refused.
#[derive(Clone, Debug, Eq, PartialEq, thiserror::Error)]
pub enum BidError {
    /// Not in the bidding phase.
    #[error("no bid is possible in phase {phase:?} (only in \"bid\")", phase = .0.name())]
    WrongPhase(Phase),
    /// A value outside `legal_bids()`.
    #[error(
        "a bid of {value} is not legal here; the legal bids are [{bids}]",
        bids = mask_list(*.legal)
    )]
    NotLegal {
        /// The value bid.
        value: u8,
        /// The legal values, as a bit mask (bit n = bid n).
        legal: u16,
    },
    /// A blind nil that is not allowed now.
    #[error("a blind nil is not allowed: {0}")]
    Blind(&'static str),
    /// A bemo that is not allowed now.
    #[error(
        "a bemo is not allowed: it needs the rule bemo and at most one bemo per team per hand \
         (B.3 #9)"
    )]
    Bemo,
}

/// The bids of a legal-bid mask (bit n = bid n), as `0, 2, 3`.
fn mask_list(mask: u16) -> String {
    (0..14)
        .filter(|n| mask >> n & 1 != 0)
        .map(|n| n.to_string())
        .collect::<Vec<_>>()
        .join(", ")
}

/// Why a play was refused.
#[derive(Clone, Debug, Eq, PartialEq, thiserror::Error)]
pub enum PlayError {
    /// Not in the play phase.
    #[error(
        "no card can be played in phase {phase:?} (only in \"play\")",
        phase = .0.name()
    )]
    WrongPhase(Phase),
    /// The player does not hold the card.
    #[error("{0} (id {id}) is not in the current player's hand", id = .0.id())]
    NotHeld(Card),
    /// The card breaks B-16.
    #[error(
        "{0} (id {id}) may not be played now (B-10..B-16: follow suit; the opening lead \
         and, with spades_broken, leads before spades are broken, may not be spades)",
        id = .0.id()
    )]
    NotLegal(Card),
}

/// Why a deficient-hand claim was refused.
#[derive(Clone, Debug, Eq, PartialEq, thiserror::Error)]
pub enum ClaimError {
    /// Rules `deficient_hand="off"`.
    #[error("no redeal can be claimed: the rules have deficient_hand=\"off\" (B.3)")]
    Off,
    /// Not in the bidding phase, or a bid was already made.
    #[error("a redeal can only be claimed in phase \"bid\" before the first bid (B.3)")]
    TooLate,
    /// The seat is not 0..=3.
    #[error("seat must be 0..=3, got {0}")]
    NoSuchSeat(u8),
    /// The seat's hand is not deficient.
    #[error(
        "seat {0} may not claim a redeal: its hand holds a spade (jokers count) or a J, \
         Q or K (B.3 deficient_hand)"
    )]
    NotDeficient(u8),
}

/// Why a resumed score sheet was refused.
#[derive(Copy, Clone, Debug, Eq, PartialEq, Hash, thiserror::Error)]
pub enum ScoresError {
    /// A team total beyond ±[`MAX_TOTAL`] (an engine limit).
    #[error("each team total must be -{MAX_TOTAL}..={MAX_TOTAL} (an engine limit), got {0}")]
    Total(i64),
    /// A bag counter outside `0..limit`, the rules' bag limit (B-20).
    #[error(
        "each bag counter must be 0..={max} (below the bags limit of {limit}, B-20), got \
         {bags}",
        max = .limit - 1
    )]
    Bags {
        /// The counter given.
        bags: i64,
        /// The rules' `bags_limit`.
        limit: i64,
    },
}

/// The result of a hand for both teams (B-17..B-21, B.3, B-27).
#[derive(Copy, Clone, Debug, Default, Eq, PartialEq, Hash)]
pub struct HandScore {
    /// The team hand scores.
    pub scores: [i64; 2],
    /// Bags added this hand, before the B-20 reduction.
    pub bags: [i64; 2],
    /// The bag counters after B-20.
    pub bags_after: [i64; 2],
    /// The team that made a Boston (C == 13 with `boston != off`), if any.
    pub boston: Option<u8>,
    /// Which teams reneged (B-27).
    pub reneged: [bool; 2],
}

/// The bids (bit n = bid n) a player holding `spades` spade-suit cards may make after his
/// partner's bid `partner` (B-7, B.3 #4 mirror, #6 fourteen, suicide, `team_bid_cap`).
pub fn legal_bid_mask(r: &SpadesRules, spades: u32, partner: Option<Bid>) -> u16 {
    if r.mirror {
        return 1 << spades;
    }
    if r.fourteen_partnership {
        return match partner {
            None => 0b11_1100,
            Some(b) => 1 << (7 - b.value),
        };
    }
    let all: u16 = (1 << 14) - 1;
    if r.suicide {
        let four_up = all & !0b1111;
        return match partner {
            None => four_up | 1,
            Some(b) if b.nil => four_up,
            Some(_) => 1,
        };
    }
    match partner {
        Some(b) if r.team_bid_cap => all >> b.value,
        _ => all,
    }
}

/// The B.3 `deficient_hand` test: no spade-suit card (jokers count) and no J, Q or K.
pub fn is_deficient(hand: CardSet) -> bool {
    let mut jqk = CardSet::EMPTY;
    for suit in 0..4u8 {
        for rank in [Rank::JACK, Rank::QUEEN, Rank::KING] {
            jqk.insert(Card::new_unchecked(suit * 13 + rank.index()));
        }
    }
    (hand & (CardSet::SPADE_SUIT | jqk)).is_empty()
}

/// Checks a deal given as 4 lists of card ids in dealt order (ids already known to be
/// 0..=53): 4 hands, every deck card exactly once, 13 per seat.
pub fn check_deal(rules: &SpadesRules, hands: &[Vec<u8>]) -> Result<Deal, DealError> {
    if hands.len() != 4 {
        return Err(DealError::WrongSeatCount(hands.len()));
    }
    let deck = rules.deck();
    let mut seen = CardSet::EMPTY;
    for hand in hands {
        for &id in hand {
            let c = Card::new_unchecked(id);
            if !deck.contains(c) {
                return Err(DealError::NotInDeck(c));
            }
            if seen.contains(c) {
                return Err(DealError::Duplicate(c));
            }
            seen.insert(c);
        }
    }
    if let Some(c) = (deck - seen).first() {
        return Err(DealError::Missing(c));
    }
    let mut deal = [[0u8; TRICKS]; 4];
    for (seat, hand) in hands.iter().enumerate() {
        if hand.len() != TRICKS {
            return Err(DealError::WrongHandSize {
                seat: seat as u8,
                got: hand.len(),
            });
        }
        deal[seat].copy_from_slice(hand);
    }
    Ok(deal)
}

/// A uniformly shuffled deal (B-3, B-4): the deck in id order, a Fisher–Yates shuffle, then
/// card `i` to seat `(dealer + 1 + i) % 4`.
pub fn deal_random(rules: &SpadesRules, dealer: u8, rng: &mut Rng) -> Deal {
    let mut deck = [0u8; 52];
    for (slot, c) in deck.iter_mut().zip(rules.deck()) {
        *slot = c.id();
    }
    rng.shuffle(&mut deck);
    let mut deal = [[0u8; TRICKS]; 4];
    for (i, &c) in deck.iter().enumerate() {
        deal[(usize::from(dealer) + 1 + i) % 4][i / 4] = c;
    }
    deal
}

/// The rules of card play (B-10..B-12 with B.3 #1 and #7), shared by [`SpadesState`] and
/// the solver's positions.
#[derive(Copy, Clone, Debug, Eq, PartialEq, Hash)]
pub(crate) struct PlayRules {
    /// The card that must lead trick 1 (`first_lead = lowest_club`).
    lowest_club: Option<Card>,
    /// No spade-suit lead in trick 1 (B-10).
    no_spade_first: bool,
    /// No spade-suit lead before spades are broken (B.3 #1).
    must_break: bool,
}

impl PlayRules {
    /// The play rules of `r`.
    pub(crate) fn of(r: &SpadesRules) -> PlayRules {
        PlayRules {
            lowest_club: (r.first_lead == FirstLead::LowestClub).then(|| r.lowest_club()),
            no_spade_first: r.first_trick_no_spade_lead,
            must_break: r.spades_broken,
        }
    }

    /// Whether spade-suit leads wait for spades to be broken (B.3 #1).
    pub(crate) const fn must_break(self) -> bool {
        self.must_break
    }

    /// The legal plays from `hand` to `trick`; `first`: no card of the hand played yet,
    /// `broken`: a spade-suit card was played in a completed trick.
    #[inline]
    pub(crate) fn legal(self, hand: CardSet, trick: &Trick, first: bool, broken: bool) -> CardSet {
        match trick.plays().next() {
            None => {
                if first {
                    if let Some(club) = self.lowest_club {
                        return CardSet::single(club) & hand;
                    }
                }
                if (first && self.no_spade_first) || (self.must_break && !broken) {
                    return CardSet(kernel::prefer(hand.0, !kernel::SPADE_SUIT));
                }
                hand
            }
            Some((_, lead)) => CardSet(kernel::follow(hand.0, kernel::led_mask(1 << lead.id()))),
        }
    }
}

/// One hand of Spades. `Clone`; every rule of B.2/B.3 is enforced by the `try_*` methods.
#[derive(Clone, Debug, Eq, PartialEq, Hash)]
pub struct SpadesState {
    rules: SpadesRules,
    dealer: u8,
    hand_index: u64,
    totals: [i64; 2],
    bags_before: [i64; 2],
    deal: Deal,
    prior_deals: Vec<Deal>,
    redeal_claims: Vec<u8>,
    looked: u8,
    hands: [CardSet; 4],
    face_up: [CardSet; 4],
    bids: [Option<Bid>; 4],
    num_bids: u8,
    phase: Phase,
    current: u8,
    trick: Trick,
    plays: [u8; 52],
    play_seats: [u8; 52],
    num_plays: u8,
    trick_winners: [u8; TRICKS],
    tricks_taken: [u8; 4],
    broken: bool,
    renege_plays: u64,
}

impl SpadesState {
    /// A hand from a checked deal (see [`check_deal`]). `totals` are the team totals before
    /// the hand and `bags` the team bag counters (each `0..bags_limit`); see
    /// [`SpadesState::check_scores`].
    pub fn new(
        rules: &SpadesRules,
        deal: Deal,
        dealer: u8,
        hand_index: u64,
        totals: [i64; 2],
        bags: [i64; 2],
    ) -> SpadesState {
        debug_assert!(dealer < 4);
        let mut s = SpadesState {
            rules: *rules,
            dealer,
            hand_index,
            totals,
            bags_before: bags,
            deal,
            prior_deals: Vec::new(),
            redeal_claims: Vec::new(),
            looked: 0,
            hands: [CardSet::EMPTY; 4],
            face_up: [CardSet::EMPTY; 4],
            bids: [None; 4],
            num_bids: 0,
            phase: Phase::Bid,
            current: (dealer + 1) % 4,
            trick: Trick::new(),
            plays: [0; 52],
            play_seats: [0; 52],
            num_plays: 0,
            trick_winners: [0; TRICKS],
            tricks_taken: [0; 4],
            broken: false,
            renege_plays: 0,
        };
        s.set_deal(deal);
        s
    }

    /// Checks resumed team totals and bag counters (a score sheet to resume from).
    ///
    /// ```
    /// use hearts_engine::spades::{ScoresError, SpadesRules, SpadesState};
    /// let r = SpadesRules::default();
    /// assert!(SpadesState::check_scores(&r, [480, -20], [9, 0]).is_ok());
    /// assert_eq!(
    ///     SpadesState::check_scores(&r, [0, 0], [10, 0]),
    ///     Err(ScoresError::Bags { bags: 10, limit: 10 })
    /// );
    /// ```
    pub fn check_scores(
        rules: &SpadesRules,
        totals: [i64; 2],
        bags: [i64; 2],
    ) -> Result<(), ScoresError> {
        if let Some(&t) = totals
            .iter()
            .find(|t| !(-MAX_TOTAL..=MAX_TOTAL).contains(*t))
        {
            return Err(ScoresError::Total(t));
        }
        if let Some(&b) = bags.iter().find(|b| !(0..rules.bags_limit).contains(*b)) {
            return Err(ScoresError::Bags {
                bags: b,
                limit: rules.bags_limit,
            });
        }
        Ok(())
    }

    fn set_deal(&mut self, deal: Deal) {
        self.deal = deal;
        for (seat, cards) in deal.iter().enumerate() {
            self.hands[seat] = cards.iter().map(|&c| Card::new_unchecked(c)).collect();
            self.face_up[seat] = if self.rules.face_up_first_four {
                cards[..4].iter().map(|&c| Card::new_unchecked(c)).collect()
            } else {
                CardSet::EMPTY
            };
        }
    }

    // ---- accessors ----

    /// The rules.
    pub const fn rules(&self) -> &SpadesRules {
        &self.rules
    }
    /// The dealer seat.
    pub const fn dealer(&self) -> u8 {
        self.dealer
    }
    /// The hand's 0-based index in its game.
    pub const fn hand_index(&self) -> u64 {
        self.hand_index
    }
    /// The team totals before this hand.
    pub const fn totals(&self) -> [i64; 2] {
        self.totals
    }
    /// The team bag counters before this hand.
    pub const fn bags(&self) -> [i64; 2] {
        self.bags_before
    }
    /// The phase.
    pub const fn phase(&self) -> Phase {
        self.phase
    }
    /// The seat to bid or play; `None` once over.
    pub const fn current_player(&self) -> Option<u8> {
        match self.phase {
            Phase::Over => None,
            _ => Some(self.current),
        }
    }
    /// The current holdings.
    pub const fn hands(&self) -> [CardSet; 4] {
        self.hands
    }
    /// The face-up first-four cards each seat still holds (B.3 #2).
    pub const fn face_up(&self) -> [CardSet; 4] {
        self.face_up
    }
    /// The current deal, in dealt order.
    pub const fn deal(&self) -> &Deal {
        &self.deal
    }
    /// Deals replaced by deficient-hand redeals, oldest first.
    pub fn prior_deals(&self) -> &[Deal] {
        &self.prior_deals
    }
    /// Seats that claimed a redeal, in claim order.
    pub fn redeal_claims(&self) -> &[u8] {
        &self.redeal_claims
    }
    /// The bids per seat.
    pub const fn bids(&self) -> [Option<Bid>; 4] {
        self.bids
    }
    /// Number of bids made.
    pub const fn num_bids(&self) -> u8 {
        self.num_bids
    }
    /// The current trick.
    pub const fn trick(&self) -> &Trick {
        &self.trick
    }
    /// `trick_winners.len() + 1`: 1 while bidding, 14 once over.
    pub fn trick_number(&self) -> usize {
        self.num_plays as usize / 4 + 1
    }
    /// Winners of the completed tricks.
    pub fn trick_winners(&self) -> &[u8] {
        &self.trick_winners[..self.num_plays as usize / 4]
    }
    /// Tricks taken per seat.
    pub const fn tricks_taken(&self) -> [u8; 4] {
        self.tricks_taken
    }
    /// Every `(seat, card)` played, in order.
    pub fn plays(&self) -> impl Iterator<Item = (u8, Card)> + '_ {
        (0..self.num_plays as usize)
            .map(|i| (self.play_seats[i], Card::new_unchecked(self.plays[i])))
    }
    /// Whether a spade-suit card has been played in a completed trick (B.3 #1).
    pub const fn spades_broken(&self) -> bool {
        self.broken
    }
    /// The accepted illegal plays (B-27) as `(trick_number, seat, card)`.
    pub fn reneges(&self) -> Vec<(usize, u8, Card)> {
        (0..self.num_plays as usize)
            .filter(|i| self.renege_plays >> i & 1 != 0)
            .map(|i| {
                (
                    i / 4 + 1,
                    self.play_seats[i],
                    Card::new_unchecked(self.plays[i]),
                )
            })
            .collect()
    }

    // ---- deficient hand (B.3) ----

    /// Seats that may claim a redeal now, as a bit mask.
    pub fn deficient_seats(&self) -> u8 {
        if self.rules.deficient_hand == DeficientHand::Off
            || self.phase != Phase::Bid
            || self.num_bids > 0
        {
            return 0;
        }
        (0..4u8)
            .filter(|&s| is_deficient(self.hands[s as usize]))
            .fold(0, |m, s| m | 1 << s)
    }

    /// Checks that `seat` may claim a redeal now.
    pub fn check_claim(&self, seat: u8) -> Result<(), ClaimError> {
        self.claims_open()?;
        if seat >= 4 {
            return Err(ClaimError::NoSuchSeat(seat));
        }
        if self.deficient_seats() >> seat & 1 == 0 {
            return Err(ClaimError::NotDeficient(seat));
        }
        Ok(())
    }

    /// Whether a deficient-hand claim can be made now at all (the rules allow it and no bid
    /// has been made), whoever claims: the first checks of [`SpadesState::check_claim`].
    pub fn claims_open(&self) -> Result<(), ClaimError> {
        if self.rules.deficient_hand == DeficientHand::Off {
            return Err(ClaimError::Off);
        }
        if self.phase != Phase::Bid || self.num_bids > 0 {
            return Err(ClaimError::TooLate);
        }
        Ok(())
    }

    /// A deficient-hand claim (B.3) whose new deal is the next of `redeals`; a refused claim
    /// takes no deal from it.
    ///
    /// ```
    /// use hearts_engine::spades::{ClaimError, RedealSource, SpadesRules, SpadesState};
    /// let mut redeals = RedealSource::new(5, Vec::new());
    /// let rules = SpadesRules::default();
    /// let mut s = SpadesState::new(&rules, redeals.first_deal(&rules, 0), 0, 0, [0, 0], [0, 0]);
    /// let before = redeals.clone();
    /// assert_eq!(s.claim_redeal_from(1, &mut redeals), Err(ClaimError::Off));
    /// assert_eq!(redeals, before);
    /// ```
    pub fn claim_redeal_from(
        &mut self,
        seat: u8,
        redeals: &mut RedealSource,
    ) -> Result<(), ClaimError> {
        self.check_claim(seat)?;
        let deal = redeals.next(&self.rules, self.dealer);
        self.claim_redeal(seat, deal)
    }

    /// `seat` shows its hand and the same dealer deals `deal` (B.3 `deficient_hand`). The
    /// seat can no longer bid blind in this hand.
    pub fn claim_redeal(&mut self, seat: u8, deal: Deal) -> Result<(), ClaimError> {
        self.check_claim(seat)?;
        self.prior_deals.push(self.deal);
        self.redeal_claims.push(seat);
        self.looked |= 1 << seat;
        self.set_deal(deal);
        Ok(())
    }

    // ---- bidding (B-6..B-8, B.3) ----

    /// The values `bid(n)` accepts now (not blind), as a bit mask: bit n = bid n.
    pub fn legal_bids(&self) -> u16 {
        if self.phase != Phase::Bid {
            return 0;
        }
        let seat = usize::from(self.current);
        legal_bid_mask(
            &self.rules,
            (self.hands[seat] & CardSet::SPADE_SUIT).count(),
            self.bids[seat ^ 2],
        )
    }

    /// Why `bid(0, blind=True)` is not legal now, or `None` when it is.
    pub fn blind_refusal(&self) -> Option<&'static str> {
        let r = &self.rules;
        if self.phase != Phase::Bid {
            return Some("not in the bidding phase");
        }
        if !r.blind_nil || !r.nil {
            return Some("the rules do not allow blind nil (blind_nil is off)");
        }
        if r.forced_bids() {
            return Some("blind nil is off under mirror, fourteen_partnership and suicide (B.1)");
        }
        if self.looked >> self.current & 1 != 0 {
            return Some("this seat showed its hand for a redeal (B.3)");
        }
        let t = team_of(self.current);
        let deficit = self.totals[1 - t] - self.totals[t];
        if r.blind_nil_min_deficit > 0 && deficit < r.blind_nil_min_deficit {
            return Some("the team does not trail by blind_nil_min_deficit points");
        }
        None
    }

    /// Whether a blind nil bid is legal now.
    pub fn can_bid_blind(&self) -> bool {
        self.blind_refusal().is_none()
    }

    /// Whether the current bidder may declare a bemo (B.3 #9).
    pub fn can_bemo(&self) -> bool {
        self.phase == Phase::Bid
            && self.rules.bemo
            && self.bids[usize::from(self.current)].is_none()
            && self.bids[usize::from(self.current ^ 2)].map_or(true, |b| b.bemo.is_none())
    }

    /// The bemos the current bidder may declare now (B.3 #9): both, or none.
    ///
    /// ```
    /// use hearts_engine::{Rng, spades::{Bemo, SpadesRules, SpadesState}};
    /// let rules = SpadesRules { bemo: true, ..Default::default() };
    /// let s = SpadesState::new(&rules, hearts_engine::spades::deal_random(&rules, 0, &mut Rng::new(1)), 0, 0, [0, 0], [0, 0]);
    /// assert_eq!(s.legal_bemos(), [Bemo::Little, Bemo::Big]);
    /// ```
    pub fn legal_bemos(&self) -> &'static [Bemo] {
        if self.can_bemo() {
            Bemo::ALL
        } else {
            &[]
        }
    }

    /// Checks a bid without making it.
    pub fn check_bid(&self, value: u8, blind: bool, bemo: Option<Bemo>) -> Result<(), BidError> {
        if self.phase != Phase::Bid {
            return Err(BidError::WrongPhase(self.phase));
        }
        if blind {
            if value != 0 {
                return Err(BidError::Blind("a blind bid must be a nil (value 0)"));
            }
            if let Some(why) = self.blind_refusal() {
                return Err(BidError::Blind(why));
            }
        } else {
            let legal = self.legal_bids();
            if value > 13 || legal >> value & 1 == 0 {
                return Err(BidError::NotLegal { value, legal });
            }
        }
        if bemo.is_some() && !self.can_bemo() {
            return Err(BidError::Bemo);
        }
        Ok(())
    }

    /// Makes a bid for the current bidder (B-6, B-7, B.3).
    pub fn try_bid(&mut self, value: u8, blind: bool, bemo: Option<Bemo>) -> Result<(), BidError> {
        self.check_bid(value, blind, bemo)?;
        self.bid_unchecked(value, blind, bemo);
        Ok(())
    }

    /// Makes a bid already known to be legal.
    pub fn bid_unchecked(&mut self, value: u8, blind: bool, bemo: Option<Bemo>) {
        let seat = self.current;
        self.bids[usize::from(seat)] = Some(Bid {
            value,
            nil: self.rules.nil && value == 0,
            blind,
            bemo,
        });
        self.num_bids += 1;
        if self.num_bids == 4 {
            self.phase = Phase::Play;
            self.current = match self.rules.first_lead {
                FirstLead::LeftOfDealer => (self.dealer + 1) % 4,
                FirstLead::LowestClub => {
                    let c = self.rules.lowest_club();
                    (0..4u8)
                        .find(|&s| self.hands[usize::from(s)].contains(c))
                        .unwrap_or((self.dealer + 1) % 4)
                }
            };
        } else {
            self.current = (seat + 1) % 4;
        }
    }

    /// Per team, C = the sum of its non-nil bid values made so far (B-8).
    pub fn contracts(&self) -> [i64; 2] {
        let mut c = [0i64; 2];
        for (seat, b) in self.bids.iter().enumerate() {
            if let Some(b) = b {
                if !b.nil {
                    c[seat & 1] += i64::from(b.value);
                }
            }
        }
        c
    }

    // ---- play (B-10..B-16) ----

    /// The legal plays of the current player (B-16); empty outside the play phase.
    pub fn legal_plays(&self) -> CardSet {
        if self.phase != Phase::Play {
            return CardSet::EMPTY;
        }
        PlayRules::of(&self.rules).legal(
            self.hands[usize::from(self.current)],
            &self.trick,
            self.num_plays == 0,
            self.broken,
        )
    }

    /// Plays `card` for the current player. Under `renege="penalize"` any held card is
    /// accepted and an illegal one is recorded (B-27).
    pub fn try_play(&mut self, card: Card) -> Result<(), PlayError> {
        if self.phase != Phase::Play {
            return Err(PlayError::WrongPhase(self.phase));
        }
        if !self.hands[usize::from(self.current)].contains(card) {
            return Err(PlayError::NotHeld(card));
        }
        if !self.legal_plays().contains(card) {
            if self.rules.renege == Renege::Prevent {
                return Err(PlayError::NotLegal(card));
            }
            self.renege_plays |= 1 << self.num_plays;
        }
        self.play_unchecked(card);
        Ok(())
    }

    /// The state after playing `card`, or the error with the state unchanged ([`try_play`]
    /// changes nothing when it refuses).
    ///
    /// [`try_play`]: SpadesState::try_play
    pub fn play(mut self, card: Card) -> Result<SpadesState, (PlayError, SpadesState)> {
        match self.try_play(card) {
            Ok(()) => Ok(self),
            Err(e) => Err((e, self)),
        }
    }

    /// Plays a card the current player holds (legality not checked).
    pub fn play_unchecked(&mut self, card: Card) {
        let seat = self.current;
        let s = usize::from(seat);
        self.hands[s].remove(card);
        self.face_up[s].remove(card);
        let i = usize::from(self.num_plays);
        self.plays[i] = card.id();
        self.play_seats[i] = seat;
        self.num_plays += 1;
        self.trick.push(seat, card);
        if self.trick.len() < 4 {
            self.current = (seat + 1) % 4;
            return;
        }
        // B-13: the highest spade-suit card, else the highest of the led suit.
        let winner = self.trick.winner(CardSet::SPADE_SUIT).unwrap_or(seat);
        if !(self.trick.cards() & CardSet::SPADE_SUIT).is_empty() {
            self.broken = true;
        }
        self.trick_winners[i / 4] = winner;
        self.tricks_taken[usize::from(winner)] += 1;
        self.trick = Trick::new();
        self.current = winner;
        if self.num_plays == 52 {
            self.phase = Phase::Over;
        }
    }

    // ---- scoring (B-17..B-21, B.3, B-27) ----

    /// The team totals with this hand's result so far added ([`SpadesState::totals`] plus
    /// [`SpadesState::score`]).
    pub fn totals_after(&self) -> [i64; 2] {
        let s = self.score();
        [self.totals[0] + s.scores[0], self.totals[1] + s.scores[1]]
    }

    /// The team that made a Boston (all 13 tricks, B.3 #8), once the hand is over.
    pub fn boston_made(&self) -> Option<u8> {
        if self.phase == Phase::Over {
            self.score().boston
        } else {
            None
        }
    }

    /// The hand's result so far: zeros while bidding, the formula on the completed tricks
    /// while playing, final once over.
    pub fn score(&self) -> HandScore {
        if self.phase == Phase::Bid {
            return HandScore {
                bags_after: self.bags_before,
                ..HandScore::default()
            };
        }
        let mut won = [0u16; 2];
        for (i, &w) in self.trick_winners().iter().enumerate() {
            won[team_of(w)] |= 1 << i;
        }
        let mut reneged = [false; 2];
        for i in 0..usize::from(self.num_plays) {
            if self.renege_plays >> i & 1 != 0 {
                reneged[team_of(self.play_seats[i])] = true;
            }
        }
        score_hand(
            &self.rules,
            &self.bids.map(Option::unwrap_or_default),
            self.tricks_taken,
            won,
            self.bags_before,
            reneged,
        )
    }
}

/// The team results of a hand (B-17..B-21, B.3, B-27) from the four bids, the tricks per seat,
/// the tricks each team won (bit i = trick i + 1, for bemo), the bag counters before the
/// hand and which teams reneged.
#[inline(always)]
pub fn score_hand(
    r: &SpadesRules,
    bids: &[Bid; 4],
    tricks_taken: [u8; 4],
    won: [u16; 2],
    bags_before: [i64; 2],
    reneged: [bool; 2],
) -> HandScore {
    // One pass over the seats: per team C and T (B-8, B-17), N and the nil terms (B-18,
    // B-19), and the bemo terms (B.3 #9).
    let mut c = [0i64; 2];
    let mut tricks = [0i64; 2];
    let mut nil_tricks = [0i64; 2];
    let mut has_contract = [false; 2];
    let mut extra = [0i64; 2];
    for (seat, b) in bids.iter().enumerate() {
        let t = seat & 1;
        let taken = i64::from(tricks_taken[seat]);
        if b.nil {
            nil_tricks[t] += taken;
            let value = if b.blind {
                r.blind_nil_value
            } else {
                r.nil_value
            };
            extra[t] += if taken == 0 { value } else { -value };
        } else {
            c[t] += i64::from(b.value);
            tricks[t] += taken;
            has_contract[t] = true;
        }
        if let Some(m) = b.bemo {
            let (k, points) = m.tricks_and_points();
            let all = (1u16 << k) - 1;
            extra[t] += if won[t] & all == all { points } else { -points };
        }
    }
    let mut out = HandScore {
        bags_after: bags_before,
        reneged,
        ..HandScore::default()
    };
    for t in 0..2 {
        if reneged[t] {
            // B-27: the whole hand score is -10·C; bags untouched.
            out.scores[t] = -10 * c[t];
            continue;
        }
        let (mut score, mut bags) = (extra[t], 0i64);
        let mut tr = tricks[t];
        if matches!(r.nil_tricks, NilTricks::CountForPartner | NilTricks::Team) {
            tr += nil_tricks[t];
        }
        let ct = c[t];
        // B-19 `team`: the contract is scored even when both partners bid nil (C = 0).
        if has_contract[t] || r.nil_tricks == NilTricks::Team {
            if r.boston != Boston::Off && ct == 13 {
                if tr == 13 {
                    score += 200;
                    out.boston = Some(t as u8);
                } else {
                    score -= 200;
                }
            } else if r.ten_for_two_hundred && ct == 10 {
                if tr >= 10 {
                    score += 200 + (tr - 10);
                    bags += tr - 10;
                } else {
                    score -= 200;
                }
            } else if tr >= ct {
                score += 10 * ct + (tr - ct);
                bags += tr - ct;
            } else {
                score -= match r.set_penalty {
                    SetPenalty::Undertricks => 10 * (ct - tr),
                    SetPenalty::Bid => 10 * ct,
                    SetPenalty::Zero => 0,
                };
            }
        }
        if r.nil_tricks == NilTricks::Bags {
            score += nil_tricks[t];
            bags += nil_tricks[t];
        }
        if r.bags {
            out.bags[t] = bags;
            let mut counter = bags_before[t] + bags;
            if counter >= r.bags_limit {
                // B-20: one penalty per full bags_limit, the excess carries.
                let k = counter / r.bags_limit;
                score -= k * r.bags_penalty;
                counter -= k * r.bags_limit;
            }
            out.bags_after[t] = counter;
        }
        out.scores[t] = score;
    }
    out
}

impl TrickTaking for SpadesState {
    fn num_players(&self) -> u8 {
        4
    }

    fn to_play(&self) -> Option<Seat> {
        (self.phase == Phase::Play).then(|| Seat::new_unchecked(self.current))
    }

    fn is_over(&self) -> bool {
        self.phase == Phase::Over
    }

    fn legal_plays(&self) -> CardSet {
        SpadesState::legal_plays(self)
    }

    fn legal_plays_with(&self, hand: CardSet) -> CardSet {
        if self.phase != Phase::Play {
            return CardSet::EMPTY;
        }
        PlayRules::of(&self.rules).legal(hand, &self.trick, self.num_plays == 0, self.broken)
    }

    fn play_unchecked(&mut self, card: Card) {
        SpadesState::play_unchecked(self, card);
    }

    fn hand(&self, seat: Seat) -> CardSet {
        self.hands[seat.index()]
    }

    fn trick(&self) -> &Trick {
        &self.trick
    }

    fn trumps(&self) -> CardSet {
        CardSet::SPADE_SUIT
    }

    fn played(&self) -> CardSet {
        let mut p = CardSet::EMPTY;
        for &c in &self.plays[..usize::from(self.num_plays)] {
            p.insert(Card::new_unchecked(c));
        }
        p - self.trick.cards()
    }

    fn tricks_taken(&self, seat: Seat) -> u8 {
        self.tricks_taken[seat.index()]
    }

    fn trick_winners(&self) -> impl ExactSizeIterator<Item = Seat> + '_ {
        self.trick_winners().iter().map(|&w| Seat::new_unchecked(w))
    }

    fn hand_result(&self, seat: Seat) -> i64 {
        self.score().scores[team_of(seat.id())]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::spades::SpadesPreset;

    fn bid(value: u8, nil: bool) -> Bid {
        Bid {
            value,
            nil,
            blind: false,
            bemo: None,
        }
    }

    /// B-19 `team` (the B.6 preset): a nil bidder's tricks count toward the team's contract,
    /// and a team of two nils scores its tricks as overtricks (C = 0); B-18 still scores
    /// each nil. Expected values worked by hand from the rules.
    #[test]
    fn nil_tricks_team_b19() {
        let r = SpadesRules::preset(SpadesPreset::OpenSpiel);
        assert_eq!(r.nil_tricks, NilTricks::Team);
        // Team 0: seat 0 nil with 2 tricks, seat 2 bids 3 and takes 2: T + N = 4 >= 3, so
        // +30 +1 overtrick, one bag; the nil fails: -100. Team 1: both nil, 5 + 4 tricks:
        // +9 overtricks and 9 bags, two failed nils: -200.
        let bids = [bid(0, true), bid(0, true), bid(3, false), bid(0, true)];
        let s = score_hand(&r, &bids, [2, 5, 2, 4], [0, 0], [0, 0], [false; 2]);
        assert_eq!(s.scores, [31 - 100, 9 - 200]);
        assert_eq!(s.bags, [1, 9]);
        // The same hand under `bags`: the nil tricks never count toward C (set: -10·3 under
        // the preset's set penalty `bid`), each is +1 and a bag; team 1 has no contract.
        let bags = SpadesRules {
            nil_tricks: NilTricks::Bags,
            ..r
        };
        let s = score_hand(&bags, &bids, [2, 5, 2, 4], [0, 0], [0, 0], [false; 2]);
        assert_eq!(s.scores, [-30 + 2 - 100, 9 - 200]);
        assert_eq!(s.bags, [2, 9]);
    }

    #[test]
    fn totals_after_and_boston_follow_the_hand() {
        let r = SpadesRules::default();
        let mut s = SpadesState::new(
            &r,
            deal_random(&r, 3, &mut Rng::new(9)),
            3,
            0,
            [120, -40],
            [2, 0],
        );
        let mut rng = Rng::new(1);
        while s.current_player().is_some() {
            assert_eq!(s.boston_made(), None);
            let p = crate::spades::policy::Policy::Random;
            crate::spades::policy::act(&[p; 4], &mut s, &mut rng);
            let score = s.score();
            assert_eq!(
                s.totals_after(),
                [120 + score.scores[0], -40 + score.scores[1]]
            );
        }
        assert_eq!(s.boston_made(), s.score().boston);
    }
}
