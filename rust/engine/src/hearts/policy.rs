//! In-engine policies: `random` and the rule-based `heuristic`, and [`TablePolicy`], one
//! policy per seat. Stepping a [`HeartsState`] with [`TablePolicy::act`] makes exactly the
//! choices (and random draws) the batch simulator makes.

use crate::core::{BitOps, Card, CardSet, Portable, Rng};
use crate::hearts::info::HeartsInfo;
use crate::hearts::solve::HeartsProblem;
use crate::hearts::{Action, HandLog, HeartsState, Phase, MAX_PLAYERS};
use crate::info::Hidden;
use crate::search::{self, Ismcts, Pimc, SearchGame};

/// A policy that chooses passes and plays inside the engine.
#[derive(Copy, Clone, Debug, Eq, PartialEq, Hash)]
pub enum Policy {
    /// Uniform over the legal plays (`legal.nth(rng.below(legal.count()))`); passes a
    /// uniformly random set of `k` cards ([`random_pass_with`]); never forwards.
    Random,
    /// Deterministic and rule-based (no random draws); see [`heuristic_pass`] and
    /// [`heuristic_play`].
    Heuristic,
    /// Perfect-information Monte Carlo over the worlds the seat's observation allows
    /// ([`pimc_play`]); passes as `heuristic`. Needs the hand's log: see
    /// [`TablePolicy::choose`].
    Pimc(Pimc),
    /// Single-observer information-set MCTS over the worlds the seat's observation allows
    /// ([`ismcts_play`]); passes as `heuristic`. Needs the hand's log, as `Pimc`.
    Ismcts(Ismcts),
}

impl Policy {
    /// Every policy.
    pub const ALL: [Policy; 2] = [Policy::Random, Policy::Heuristic];
    /// The policy's name.
    pub const fn name(self) -> &'static str {
        match self {
            Policy::Random => "random",
            Policy::Heuristic => "heuristic",
            Policy::Pimc(_) => "pimc",
            Policy::Ismcts(_) => "ismcts",
        }
    }
    /// The policy with this name (`pimc` with its default settings).
    pub fn from_name(s: &str) -> Option<Policy> {
        match s {
            "pimc" => return Some(Policy::Pimc(Pimc::default())),
            "ismcts" => return Some(Policy::Ismcts(Ismcts::default())),
            _ => {}
        }
        Policy::ALL.into_iter().find(|p| p.name() == s)
    }
}

/// `k` cards of `hand`: the i-th is the `d_i`-th of the cards not yet chosen, with
/// `d_i` uniform in `0..count−i`, all drawn in one batch ([`Rng::below_batch`]).
#[inline(always)]
pub fn random_pass_with<B: BitOps>(bits: B, hand: CardSet, k: u32, rng: &mut Rng) -> CardSet {
    // k ≤ 4 draws with ranges ≤ 18: one batched draw (18^4 < 2^64).
    let k = k.min(hand.count()).min(8) as usize;
    let mut bounds = [0u32; 8];
    for (i, b) in bounds.iter_mut().enumerate().take(k) {
        *b = hand.count() - i as u32;
    }
    let mut draws = [0u32; 8];
    rng.below_batch(&bounds[..k], &mut draws[..k]);
    let mut left = hand;
    let mut chosen = CardSet::EMPTY;
    for &d in &draws[..k] {
        let bit = left.nth_bit(bits, d);
        left -= bit;
        chosen |= bit;
    }
    chosen
}

/// [`random_pass_with`] without BMI2.
pub fn random_subset(hand: CardSet, k: u32, rng: &mut Rng) -> CardSet {
    random_pass_with(Portable, hand, k, rng)
}

/// A uniformly random legal card: `legal.nth(rng.below(legal.count()))`.
#[inline]
pub fn random_play(legal: CardSet, rng: &mut Rng) -> Option<Card> {
    if legal.is_empty() {
        return None;
    }
    legal.nth(rng.below(legal.count()))
}

/// The heuristic's pass order: Q♠, A♠, K♠, A♥, K♥, Q♥, J♥, then every other card from the
/// highest rank down (within a rank: ♠ ♥ ♦ ♣).
pub const PASS_ORDER: [u8; 52] = pass_order();

const fn pass_order() -> [u8; 52] {
    let first: [u8; 7] = [49, 51, 50, 38, 37, 36, 35];
    let mut out = [0u8; 52];
    let mut len = 0;
    while len < first.len() {
        out[len] = first[len];
        len += 1;
    }
    let mut rank = 13;
    while rank > 0 {
        rank -= 1;
        let mut suit = 4;
        while suit > 0 {
            suit -= 1;
            let id = suit * 13 + rank;
            let mut seen = false;
            let mut i = 0;
            while i < first.len() {
                if first[i] == id {
                    seen = true;
                }
                i += 1;
            }
            if !seen {
                out[len] = id;
                len += 1;
            }
        }
    }
    out
}

/// The heuristic pass: the first `k` cards of [`PASS_ORDER`] in the hand.
///
/// ```
/// use hearts_engine::{hearts::policy::heuristic_pass, CardSet};
/// let hand = "QS 2C 3C AH 4D".parse::<CardSet>().unwrap();
/// assert_eq!(heuristic_pass(hand, 2), "QS AH".parse::<CardSet>().unwrap());
/// ```
#[inline]
pub fn heuristic_pass(hand: CardSet, k: u32) -> CardSet {
    CardSet(heuristic_pass_mask(hand.0, k))
}

/// [`heuristic_pass`] on a mask: the first seven cards of [`PASS_ORDER`] (Q♠ A♠ K♠ A♥ K♥
/// Q♥ J♥) in their order, then rank by rank from the top, ♠ ♥ ♦ ♣ within a rank.
#[inline(always)]
pub(crate) fn heuristic_pass_mask(hand: u64, k: u32) -> u64 {
    const FIRST: [u64; 7] = [
        1 << 49,
        1 << 51,
        1 << 50,
        1 << 38,
        1 << 37,
        1 << 36,
        1 << 35,
    ];
    const FIRST_ALL: u64 = (1 << 49) | (1 << 51) | (1 << 50) | (0xf << 35);
    /// One card of each suit at rank 0.
    const COLUMN: u64 = 1 | 1 << 13 | 1 << 26 | 1 << 39;
    let mut left = k;
    let mut chosen = 0u64;
    if hand & FIRST_ALL != 0 {
        for f in FIRST {
            if left == 0 {
                return chosen;
            }
            if hand & f != 0 {
                chosen |= f;
                left -= 1;
            }
        }
    }
    let mut rest = hand & !FIRST_ALL;
    while left > 0 && rest != 0 {
        let ranks = rank_mask(CardSet(rest));
        let rank = ranks.ilog2();
        let mut col = rest & COLUMN << rank;
        rest &= !col;
        while left > 0 && col != 0 {
            let top = 1u64 << col.ilog2();
            chosen |= top;
            col &= !top;
            left -= 1;
        }
    }
    chosen
}

/// Where each card sits in the heuristic pass order as a bit position, higher passed first:
/// Q♠ A♠ K♠ A♥ K♥ Q♥ J♥ at 58 down to 52, every other card at `4 × rank + suit` (rank-major,
/// ♠ ♥ ♦ ♣ within a rank).
const fn pass_key_pos(id: u32) -> u32 {
    match id {
        49 => 58,
        51 => 57,
        50 => 56,
        35..=38 => id + 17,
        _ => 4 * (id % 13) + id / 13,
    }
}

/// `PASS_AT_LEAST[t]`: the cards whose [`pass_key_pos`] is `t` or more (index 64: none).
const PASS_AT_LEAST: [u64; 65] = {
    let mut t = [0u64; 65];
    let mut i = 0;
    while i < 65 {
        let mut id = 0;
        while id < 52 {
            if pass_key_pos(id) >= i {
                t[i as usize] |= 1 << id;
            }
            id += 1;
        }
        i += 1;
    }
    t
};

/// [`heuristic_pass_mask`] without loops or branches, for any `k`: the hand laid out in
/// pass order ([`pass_key_pos`]: the seven named cards on top, the rest transposed to
/// rank-major by four bit deposits), its `k`-th highest bit found as the `(n − k)`-th lowest,
/// and the cards at or above that position in the order taken from a table.
#[inline(always)]
pub(crate) fn heuristic_pass_mask_with<B: BitOps>(bits: B, hand: u64, k: u32) -> u64 {
    /// Bits 0, 4, …, 48: one per rank.
    const STRIDE: u64 = 0x1_1111_1111_1111;
    const NAMED: u64 = (1 << 49) | (1 << 50) | (1 << 51) | (0xf << 35);
    let rest = hand & !NAMED;
    let mut key =
        ((hand & (0xf << 35)) << 17) | ((hand & (3 << 50)) << 6) | ((hand & (1 << 49)) << 9);
    key |= bits.deposit(rest & 0x1fff, STRIDE);
    key |= bits.deposit(rest >> 13 & 0x1fff, STRIDE << 1);
    key |= bits.deposit(rest >> 26 & 0x1fff, STRIDE << 2);
    key |= bits.deposit(rest >> 39 & 0x1fff, STRIDE << 3);
    // The k-th highest key bit (k >= n: the lowest, so all; k = 0: none, index 64).
    let n = hand.count_ones();
    let at = bits.nth_bit(key, n.saturating_sub(k));
    hand & PASS_AT_LEAST[at.trailing_zeros() as usize]
}

/// The ranks present in `set`, as a 13-bit mask (suit lanes folded together).
#[inline]
const fn rank_mask(set: CardSet) -> u64 {
    rank_fold(set.0) & 0x1fff
}

/// The suit lanes of `m` ORed together in bits 0..13 (bit `r`: some card of rank `r`),
/// with other bits above them: two rotations (one three-operand instruction each with
/// BMI2) where four shifts would do.
#[inline(always)]
const fn rank_fold(m: u64) -> u64 {
    let x = m | m.rotate_right(13);
    x | x.rotate_right(26)
}

/// One card of each suit at rank 0.
const COLUMN: u64 = 1 | 1 << 13 | 1 << 26 | 1 << 39;

/// The lowest rank in `set`, ties broken ♣ ♦ ♠ ♥ (hearts last).
#[inline]
pub(crate) fn lowest_rank(set: CardSet) -> Option<Card> {
    let m = lowest_rank_mask(set.0);
    (m != 0).then(|| Card::new_unchecked(m.trailing_zeros() as u8))
}

/// [`lowest_rank`] as a one-bit mask (0 for an empty set).
#[inline(always)]
pub(crate) fn lowest_rank_mask(set: u64) -> u64 {
    // The fold's lowest bit is its lowest rank (bits above 12 only come with lower ones);
    // an empty set shifts by 64 (wrapping to 0) and gives 0.
    let col = set & COLUMN.wrapping_shl(rank_fold(set).trailing_zeros());
    let plain = col & !CardSet::HEARTS.0;
    let pick = if plain != 0 { plain } else { col };
    pick & pick.wrapping_neg()
}

/// `a` if `x` is not 0, else `b`, always as a conditional move. Written as an `if`, the
/// compiler turned the void follow's choice into a branch on the cards (one misprediction
/// in three); an `asm!` block takes both values computed.
#[inline(always)]
pub(crate) fn pick_nonzero(x: u64, a: u64, b: u64) -> u64 {
    #[cfg(target_arch = "x86_64")]
    {
        let mut r = b;
        // SAFETY: a test and a conditional move (baseline x86-64) on registers only.
        unsafe {
            std::arch::asm!(
                "test {x}, {x}",
                "cmovnz {r}, {a}",
                x = in(reg) x,
                a = in(reg) a,
                r = inout(reg) r,
                options(pure, nomem, nostack),
            );
        }
        r
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        if x != 0 {
            a
        } else {
            b
        }
    }
}

/// The cards of `set` at its highest rank (any bits for an empty set): the highest of
/// them is [`highest_rank_mask`].
#[inline(always)]
pub(crate) fn highest_rank_cards(set: u64) -> u64 {
    // The ranks folded into the spade lane (bits 39..52) and rotated to the top 13 bits,
    // so that the leading zeros are 12 − the highest rank with no mask: the bits below hold
    // only other folds. Empty: a shift by 64 wraps to 0, and `set` is 0.
    let x = set | set.rotate_left(13);
    let lane = (x | x.rotate_left(26)).rotate_left(12);
    set & (COLUMN << 12).wrapping_shr(lane.leading_zeros())
}

/// The highest rank in `set`, ties broken ♠ ♥ ♦ ♣.
#[inline]
pub(crate) fn highest_rank(set: CardSet) -> Option<Card> {
    let m = highest_rank_mask(set.0);
    (m != 0).then(|| Card::new_unchecked(m.trailing_zeros() as u8))
}

/// [`highest_rank`] as a one-bit mask (0 for an empty set).
#[inline(always)]
pub(crate) fn highest_rank_mask(set: u64) -> u64 {
    let ranks = rank_mask(CardSet(set));
    if ranks == 0 {
        return 0;
    }
    let col = set & COLUMN << ranks.ilog2();
    1u64 << col.ilog2()
}

/// The heuristic play, deterministic:
/// - **leading**: the lowest-ranked legal card (ties ♣ ♦ ♠ ♥);
/// - **following suit**: the highest card that stays under the trick's winning card (ducks);
///   if none can, the highest card, but not Q♠ when another card is legal;
/// - **void in the led suit**: the penalty card worth most (Q♠, then K♠ and A♠ in
///   Francesa, then the highest heart); with no penalty card, the highest-ranked card
///   (ties ♠ ♥ ♦ ♣).
///
/// `None` outside the play phase.
pub fn heuristic_play(s: &HeartsState) -> Option<Card> {
    let legal = s.legal_plays();
    if legal.count() <= 1 {
        return legal.first();
    }
    let Some(led) = s.trick().led_suit() else {
        return lowest_rank(legal);
    };
    let follow = legal & CardSet::suit(led);
    if follow == legal {
        let winning = s.trick().winning_card(CardSet::EMPTY)?;
        let under = follow & CardSet((1u64 << winning.id()) - 1);
        if let Some(c) = under.last() {
            return Some(c);
        }
        let mut cands = follow;
        if cands.count() > 1 {
            cands = cands.without(Card::QUEEN_OF_SPADES);
        }
        return cands.last();
    }
    let pen = legal & s.rules().penalty_cards();
    for c in [
        Card::QUEEN_OF_SPADES,
        Card::KING_OF_SPADES,
        Card::ACE_OF_SPADES,
    ] {
        if pen.contains(c) {
            return Some(c);
        }
    }
    if let Some(h) = (pen & CardSet::HEARTS).last() {
        return Some(h);
    }
    highest_rank(legal)
}

/// One policy per seat; `act` makes the next move of the hand.
#[derive(Copy, Clone, Debug, Eq, PartialEq, Hash)]
pub struct TablePolicy(pub [Policy; MAX_PLAYERS]);

impl TablePolicy {
    /// The same policy at every seat.
    pub const fn uniform(p: Policy) -> TablePolicy {
        TablePolicy([p; MAX_PLAYERS])
    }

    /// Whether every seat plays `random`.
    pub fn all_random(&self, players: u8) -> bool {
        self.0[..usize::from(players)]
            .iter()
            .all(|&p| p == Policy::Random)
    }

    /// Whether every one of the `players` seats plays `heuristic`.
    pub fn all_heuristic(&self, players: u8) -> bool {
        self.0[..usize::from(players)]
            .iter()
            .all(|&p| p == Policy::Heuristic)
    }

    /// Whether a search bot sits at the table (it decides from the hand's log).
    pub fn has_search(&self) -> bool {
        self.0
            .iter()
            .any(|p| matches!(p, Policy::Pimc(_) | Policy::Ismcts(_)))
    }

    /// The next move without making it: in the pass phase the lowest pending seat's pass,
    /// in the play phase the card of the player to move; `None` when the hand is over.
    /// `log` records the hand up to `s` (a search bot reads its seat's observation from
    /// it). Draws from `rng` exactly as [`TablePolicy::act`] (for tables without a search
    /// bot) and [`TablePolicy::play_out`].
    pub fn choose(&self, log: &HandLog, s: &HeartsState, rng: &mut Rng) -> Option<Action> {
        self.choose_with(Portable, log, s, rng)
    }

    /// [`TablePolicy::choose`] with the bit instructions `bits` (the same choices for every
    /// [`BitOps`]).
    #[inline]
    pub fn choose_with<B: BitOps>(
        &self,
        bits: B,
        log: &HandLog,
        s: &HeartsState,
        rng: &mut Rng,
    ) -> Option<Action> {
        match s.phase() {
            Phase::Over => None,
            Phase::Pass => {
                let seat = s.current_player()?;
                let hand = s.hands()[usize::from(seat)];
                let k = u32::from(s.pass_count());
                let cards = match self.0[usize::from(seat)] {
                    Policy::Random => random_pass_with(bits, hand, k, rng),
                    Policy::Heuristic | Policy::Pimc(_) | Policy::Ismcts(_) => {
                        heuristic_pass(hand, k)
                    }
                };
                Some(Action::Pass(seat, cards))
            }
            Phase::Play => {
                let p = s.current_player()?;
                let card = match self.0[usize::from(p)] {
                    Policy::Random => {
                        // The n-th legal card for a uniform n: `random_play`'s choice.
                        let legal = s.legal_plays();
                        if legal.is_empty() {
                            None
                        } else {
                            legal.nth_bit(bits, rng.below(legal.count())).first()
                        }
                    }
                    Policy::Heuristic => heuristic_play(s),
                    Policy::Pimc(params) => {
                        let info = HeartsInfo::observe(log, p)?;
                        pimc_play(&info, &params, rng)
                    }
                    Policy::Ismcts(params) => {
                        let info = HeartsInfo::observe(log, p)?;
                        ismcts_play(&info, &params, rng)
                    }
                };
                card.map(Action::Play)
            }
        }
    }

    /// Makes one move: in the pass phase the lowest pending seat passes; in the play phase
    /// the player to move plays. Returns false when the hand is over. A search bot, which
    /// needs the hand's log, plays as `heuristic` here: step with [`TablePolicy::choose`].
    #[inline(always)]
    pub fn act_with<B: BitOps>(&self, bits: B, s: &mut HeartsState, rng: &mut Rng) -> bool {
        match s.phase() {
            Phase::Over => false,
            Phase::Pass => {
                let Some(seat) = s.current_player() else {
                    return false;
                };
                let hand = s.hands()[usize::from(seat)];
                let k = u32::from(s.pass_count());
                let cards = match self.0[usize::from(seat)] {
                    Policy::Random => random_pass_with(bits, hand, k, rng),
                    Policy::Heuristic | Policy::Pimc(_) | Policy::Ismcts(_) => {
                        heuristic_pass(hand, k)
                    }
                };
                s.pass_cards(seat, cards).is_ok()
            }
            Phase::Play => {
                let Some(p) = s.current_player() else {
                    return false;
                };
                let card = match self.0[usize::from(p)] {
                    Policy::Random => {
                        let legal = s.legal_plays();
                        let bit = legal.nth_bit(bits, rng.below(legal.count()));
                        bit.first()
                    }
                    // A search bot needs the hand's log: `play_out` and `choose` give it one.
                    Policy::Heuristic | Policy::Pimc(_) | Policy::Ismcts(_) => heuristic_play(s),
                };
                match card {
                    Some(c) => {
                        s.play_unchecked(c);
                        true
                    }
                    None => false,
                }
            }
        }
    }

    /// [`TablePolicy::act_with`] without BMI2.
    pub fn act(&self, s: &mut HeartsState, rng: &mut Rng) -> bool {
        self.act_with(Portable, s, rng)
    }

    /// Plays the hand to its end (from a freshly dealt `s`, when a search bot sits at the
    /// table: it keeps the hand's log from there); all-random tables use the specialised
    /// kernel, which makes the same draws.
    #[inline(always)]
    pub fn play_out_with<B: BitOps>(&self, bits: B, s: &mut HeartsState, rng: &mut Rng) {
        if self.has_search() {
            let mut log = HandLog::new(*s);
            while let Some(a) = self.choose(&log, s, rng) {
                if s.try_apply(a).is_err() {
                    break;
                }
                log.record(a);
            }
        } else if self.all_random(s.num_players()) {
            while s.phase() == Phase::Pass {
                self.act_with(bits, s, rng);
            }
            s.play_random_to_end(bits, rng);
        } else {
            while self.act_with(bits, s, rng) {}
        }
    }

    /// [`TablePolicy::play_out_with`] without BMI2.
    pub fn play_out(&self, s: &mut HeartsState, rng: &mut Rng) {
        self.play_out_with(Portable, s, rng);
    }
}

impl SearchGame for HeartsState {
    type Info = HeartsInfo;
    type Problem = HeartsProblem;
    /// The seat's points for the hand (the solver's `"points"`), which it lowers.
    const MAXIMIZE: bool = false;

    fn observer(info: &HeartsInfo) -> (u8, Hidden) {
        (info.seat, info.hidden)
    }

    fn world(info: &HeartsInfo, hands: &[CardSet]) -> Option<HeartsState> {
        info.world(hands).ok()?.replay().ok()
    }

    fn problem(&self, seat: u8) -> Option<HeartsProblem> {
        HeartsProblem::new(self, Some(seat), None).ok()
    }

    fn position(&self) -> HeartsState {
        *self
    }

    fn heuristic(&self) -> Option<Card> {
        heuristic_play(self)
    }

    /// `0.5 − h / 4T` per seat, `h` its hand score and `T` the rules' total penalty.
    fn rewards(&self) -> [f64; 8] {
        let t = f64::from(self.rules().total_penalty().max(1));
        let mut r = [0.0; 8];
        for (x, &h) in r.iter_mut().zip(self.hand_scores().iter()) {
            *x = (0.5 - f64::from(h) / (4.0 * t)).clamp(0.0, 1.0);
        }
        r
    }
}

/// The `pimc` bot's play (docs/bots.md): [`search::pimc_play`] on Hearts, the seat's points
/// for the hand as the objective.
pub fn pimc_play(info: &HeartsInfo, params: &Pimc, rng: &mut Rng) -> Option<Card> {
    search::pimc_play::<HeartsState>(info, params, rng)
}

/// The `ismcts` bot's play (docs/bots.md): [`search::ismcts_play`] on Hearts.
pub fn ismcts_play(info: &HeartsInfo, params: &Ismcts, rng: &mut Rng) -> Option<Card> {
    search::ismcts_play::<HeartsState>(info, params, rng)
}

#[cfg(test)]
mod mask_tests {
    use super::*;

    /// The definitions the mask forms replace.
    fn pass_by_order(hand: CardSet, k: u32) -> CardSet {
        let mut chosen = CardSet::EMPTY;
        let mut left = k;
        for &id in &PASS_ORDER {
            if left == 0 {
                break;
            }
            let c = Card::new_unchecked(id);
            if hand.contains(c) {
                chosen.insert(c);
                left -= 1;
            }
        }
        chosen
    }

    fn lowest_by_pref(set: CardSet) -> Option<Card> {
        let ranks = rank_mask(set);
        if ranks == 0 {
            return None;
        }
        let rank = ranks.trailing_zeros() as u8;
        [0u8, 1, 3, 2]
            .iter()
            .map(|&s| Card::new_unchecked(s * 13 + rank))
            .find(|&c| set.contains(c))
    }

    fn highest_by_pref(set: CardSet) -> Option<Card> {
        let ranks = rank_mask(set);
        if ranks == 0 {
            return None;
        }
        let rank = 63 - ranks.leading_zeros() as u8;
        (0..4u8)
            .rev()
            .map(|s| Card::new_unchecked(s * 13 + rank))
            .find(|&c| set.contains(c))
    }

    #[test]
    fn mask_forms_equal_the_definitions() {
        let mut rng = Rng::new(5);
        for _ in 0..200_000 {
            let set = CardSet(rng.next_u64() & rng.next_u64() & ((1 << 52) - 1));
            let k = rng.below(6);
            assert_eq!(heuristic_pass(set, k), pass_by_order(set, k), "{set} {k}");
            let want = pass_by_order(set, k).0;
            assert_eq!(
                heuristic_pass_mask_with(Portable, set.0, k),
                want,
                "{set} {k}"
            );
            if let Some(b) = crate::core::Bmi2::detect() {
                assert_eq!(heuristic_pass_mask_with(b, set.0, k), want, "{set} {k}");
            }
            if !set.is_empty() {
                let top = highest_rank_cards(set.0);
                assert_eq!(
                    CardSet(1 << top.ilog2()).first(),
                    highest_by_pref(set),
                    "{set}"
                );
            }
            assert_eq!(lowest_rank(set), lowest_by_pref(set), "{set}");
            assert_eq!(highest_rank(set), highest_by_pref(set), "{set}");
        }
        // 13-card hands (the kernel's), k = 1..=4.
        for _ in 0..100_000 {
            let mut hand = 0u64;
            while hand.count_ones() < 13 {
                hand |= 1 << rng.below(52);
            }
            for k in 1..=4 {
                let want = pass_by_order(CardSet(hand), k).0;
                assert_eq!(heuristic_pass_mask_with(Portable, hand, k), want);
                if let Some(b) = crate::core::Bmi2::detect() {
                    assert_eq!(heuristic_pass_mask_with(b, hand, k), want);
                }
            }
        }
        for set in [CardSet::EMPTY, CardSet::HEARTS, CardSet((1 << 52) - 1)] {
            for k in 0..14 {
                assert_eq!(heuristic_pass(set, k), pass_by_order(set, k));
                let want = pass_by_order(set, k).0;
                assert_eq!(heuristic_pass_mask_with(Portable, set.0, k), want);
                if let Some(b) = crate::core::Bmi2::detect() {
                    assert_eq!(heuristic_pass_mask_with(b, set.0, k), want);
                }
            }
            assert_eq!(lowest_rank(set), lowest_by_pref(set));
            assert_eq!(highest_rank(set), highest_by_pref(set));
        }
    }
}
