//! Constant-memory aggregates of a stream of hands, with exact integer accumulators (so
//! merging per-thread parts gives the same result in any order).

use super::HandsOut;
use crate::batch::{add_by_seat, merge_by_seat, Moments, Stats};

/// Sums, sums of squares, counts and histograms per seat.
#[derive(Clone, Debug, Eq, PartialEq)]
pub struct HandStats {
    /// Players.
    pub players: usize,
    /// Hands accumulated.
    pub hands: u64,
    /// Points per seat.
    pub points: Vec<Moments>,
    /// Hand score per seat.
    pub scores: Vec<Moments>,
    /// Tricks per seat.
    pub tricks: Vec<Moments>,
    /// Moons shot per seat.
    pub moons: Vec<i64>,
    /// Q♠ captured per seat.
    pub queens: Vec<i64>,
    /// Histogram of points: `points_hist[seat * (v + 1) + points]`.
    pub points_hist: Vec<i64>,
    /// V, the top of the points histogram.
    pub v: usize,
}

impl HandStats {
    /// Empty statistics.
    pub fn new(players: usize, v: usize) -> HandStats {
        HandStats {
            players,
            hands: 0,
            points: vec![Moments::default(); players],
            scores: vec![Moments::default(); players],
            tricks: vec![Moments::default(); players],
            moons: vec![0; players],
            queens: vec![0; players],
            points_hist: vec![0; players * (v + 1)],
            v,
        }
    }
}

impl Stats<HandsOut> for HandStats {
    fn add(&mut self, out: &HandsOut) {
        add_by_seat(&mut self.points, &out.points);
        add_by_seat(&mut self.scores, &out.hand_scores);
        add_by_seat(&mut self.tricks, &out.tricks);
        for row in out.points.chunks_exact(self.players) {
            for (k, &pt) in row.iter().enumerate() {
                let bin = usize::from(pt).min(self.v);
                self.points_hist[k * (self.v + 1) + bin] += 1;
            }
        }
        for (&moon, &queen) in out.moon_shooter.iter().zip(&out.queen_taker) {
            if let Ok(m) = usize::try_from(moon) {
                self.moons[m] += 1;
            }
            if let Ok(q) = usize::try_from(queen) {
                self.queens[q] += 1;
            }
        }
        self.hands += out.moon_shooter.len() as u64;
    }

    fn merge(&mut self, o: &HandStats) {
        self.hands += o.hands;
        merge_by_seat(&mut self.points, &o.points);
        merge_by_seat(&mut self.scores, &o.scores);
        merge_by_seat(&mut self.tricks, &o.tricks);
        for (a, b) in [
            (&mut self.moons, &o.moons),
            (&mut self.queens, &o.queens),
            (&mut self.points_hist, &o.points_hist),
        ] {
            for (x, y) in a.iter_mut().zip(b) {
                *x += *y;
            }
        }
    }

    fn hand_scores(&self) -> &[Moments] {
        &self.scores
    }
}
