//! The games mode every game with a hand limit shares: whole games, one per row, each played
//! hand by hand until it ends or reaches the limit.

use super::{Job, Rows, Stop};

crate::columns! {
    /// Per-game results of a batch, row-major `(games, sides)`, a side being a player or a
    /// team.
    pub struct GamesOut, GamesRows {
        /// Final totals.
        totals: i64 [seats] = 0,
        /// Winning sides.
        winners: bool [seats] = false,
        /// Hands played.
        hands_played: u32 [1] = 0,
        /// Whether the game reached its end rule (false: stopped at the hand limit).
        finished: bool [1] = false,
        /// What is left in the pot at the end: Hearts chips, in 1/60 chip; else 0.
        pot: i64 [1] = 0,
    }
}

/// The end of one game of a batch.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GameEnd {
    /// Final totals, one per side.
    pub totals: Vec<i64>,
    /// The winning sides as a bit mask (bit `k` for side `k`).
    pub winners: u64,
    /// Hands played.
    pub hands_played: usize,
    /// Whether the game reached its end rule.
    pub finished: bool,
    /// What is left in the pot (Hearts chips, A-24, in 1/60 chip; else 0).
    pub pot: i64,
}

/// A batch whose games a [`Games`] job can play.
pub trait PlayGames: Sync {
    /// The number of sides (players, or teams) a game's totals have.
    fn sides(&self) -> usize;

    /// Plays game `index` of the batch until it ends or `hand_limit` hands are played, or
    /// until `stop` is requested (the result is then discarded).
    fn play_game(&self, index: u64, hand_limit: usize, stop: &Stop) -> GameEnd;

    /// Fills `rows` (games `rows.start..`) with the results of [`PlayGames::play_game`]; a
    /// game may override it to play several games at once, with the same results.
    fn fill_games(&self, rows: &mut GamesRows<'_>, hand_limit: usize, stop: &Stop) {
        for j in 0..rows.rows() {
            let end = self.play_game(rows.start + j as u64, hand_limit, stop);
            rows.put(j, &end);
        }
    }
}

impl GamesRows<'_> {
    /// Writes the end of a game into row `j`.
    #[inline]
    pub fn put(&mut self, j: usize, end: &GameEnd) {
        self.put_parts(
            j,
            &end.totals,
            end.winners,
            end.hands_played,
            end.finished,
            end.pot,
        );
    }

    /// Writes the end of a game into row `j` from its parts (no `Vec`): the totals of its
    /// sides, the winners' mask, hands played, whether it ended and the pot.
    #[inline]
    pub fn put_parts(
        &mut self,
        j: usize,
        totals: &[i64],
        winners: u64,
        hands_played: usize,
        finished: bool,
        pot: i64,
    ) {
        let p = self.players;
        self.totals[j * p..(j + 1) * p].copy_from_slice(&totals[..p]);
        for k in 0..p {
            self.winners[j * p + k] = winners >> k & 1 != 0;
        }
        self.hands_played[j] = hands_played as u32;
        self.finished[j] = finished;
        self.pot[j] = pot;
    }
}

/// The games mode of a batch: game `start + k` in row `k`, each stopped after `hand_limit`
/// hands if it has not ended.
#[derive(Clone, Copy, Debug)]
pub struct Games<'a, B> {
    /// Rules, seed and policies.
    pub batch: &'a B,
    /// The most hands a game may play.
    pub hand_limit: usize,
}

impl<B: PlayGames> Job for Games<'_, B> {
    type Out = GamesOut;

    fn players(&self) -> usize {
        self.batch.sides()
    }

    fn fill(&self, rows: &mut GamesRows<'_>, stop: &Stop) {
        self.batch.fill_games(rows, self.hand_limit, stop);
    }
}
