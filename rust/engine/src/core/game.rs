//! [`TrickTaking`]: the surface of one trick-taking hand that game-independent tools (the
//! perft counter here; solvers, world samplers, search bots and environments) are written
//! against, in the spirit of shakmaty's `Position`. Hearts and Spades implement it.

use super::{Card, CardSet, Seat, Trick};
use std::fmt::Debug;

/// One hand of a trick-taking game, seen from its play phase.
///
/// Outside the play phase (passing, bidding) and once the hand is over, [`to_play`] is
/// `None` and [`legal_plays`] is empty. A copy is independent of the original, so tools
/// search by copying: `let mut next = state.clone(); next.play_unchecked(card);`.
///
/// ```
/// use hearts_engine::{hearts::{HeartsRules, HeartsState, PassDirection}, Rng, TrickTaking};
/// fn random_playout<G: TrickTaking>(mut g: G, rng: &mut Rng) -> G {
///     while g.to_play().is_some() {
///         let legal = g.legal_plays();
///         let card = legal.into_iter().nth(rng.below(legal.count()) as usize).unwrap();
///         g.play_unchecked(card);
///     }
///     g
/// }
/// let rules = HeartsRules { pass_direction: PassDirection::Hold, ..Default::default() };
/// let mut rng = Rng::new(5);
/// let end = random_playout(HeartsState::deal(&rules, 0, 0, &mut rng), &mut rng);
/// assert!(end.is_over());
/// let seats = hearts_engine::Seat::all(end.num_players());
/// assert_eq!(seats.map(|s| u32::from(TrickTaking::tricks_taken(&end, s))).sum::<u32>(), 13);
/// ```
///
/// [`to_play`]: TrickTaking::to_play
/// [`legal_plays`]: TrickTaking::legal_plays
pub trait TrickTaking: Clone + Debug + Send + Sync {
    /// Players at the table.
    fn num_players(&self) -> u8;

    /// The seat to play a card; `None` outside the play phase and once the hand is over.
    fn to_play(&self) -> Option<Seat>;

    /// Whether the hand is over (every trick played, or ended early by the rules).
    fn is_over(&self) -> bool;

    /// The cards the player to move may play (empty when [`TrickTaking::to_play`] is
    /// `None`).
    fn legal_plays(&self) -> CardSet;

    /// The cards the player to move could play if it held `hand` instead of its own, under
    /// the same public state (the trick, what is broken, the trick number). Information
    /// tools ask it to read what a play showed about the hand it came from.
    fn legal_plays_with(&self, hand: CardSet) -> CardSet;

    /// Plays `card` for the player to move. The caller guarantees it is one of
    /// [`TrickTaking::legal_plays`].
    fn play_unchecked(&mut self, card: Card);

    /// The cards `seat` holds now.
    fn hand(&self, seat: Seat) -> CardSet;

    /// The trick being played (empty between tricks).
    fn trick(&self) -> &Trick;

    /// The trump cards: they beat every card of the led suit, and rank above every other
    /// card id (empty in Hearts; the spade suit with its jokers in Spades).
    fn trumps(&self) -> CardSet;

    /// The cards of the completed tricks.
    fn played(&self) -> CardSet;

    /// The tricks `seat` has taken.
    fn tricks_taken(&self, seat: Seat) -> u8;

    /// The winner of each completed trick, in order (the number of completed tricks is its
    /// length; the trick being played is number `len + 1`).
    fn trick_winners(&self) -> impl ExactSizeIterator<Item = Seat> + '_;

    /// The seat's result for the finished hand as its rules score it (Hearts: the seat's
    /// hand score; Spades: its team's hand score). Meaningful once [`TrickTaking::is_over`].
    fn hand_result(&self, seat: Seat) -> i64;
}
