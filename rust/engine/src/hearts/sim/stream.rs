//! Constant-memory aggregates of a stream of hands, with exact integer accumulators (so
//! merging per-thread parts gives the same result in any order).

use super::HandsOut;
use crate::batch::{Moments, Stats};

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
        let p = self.players;
        for (j, &moon) in out.moon_shooter.iter().enumerate() {
            for k in 0..p {
                let pt = i64::from(out.points[j * p + k]);
                let sc = i64::from(out.hand_scores[j * p + k]);
                self.points[k].add(pt);
                self.scores[k].add(sc);
                self.tricks[k].add(i64::from(out.tricks[j * p + k]));
                let bin = (pt.max(0) as usize).min(self.v);
                self.points_hist[k * (self.v + 1) + bin] += 1;
            }
            if moon >= 0 {
                self.moons[moon as usize] += 1;
            }
            let q = out.queen_taker[j];
            if q >= 0 {
                self.queens[q as usize] += 1;
            }
        }
        self.hands += out.moon_shooter.len() as u64;
    }

    fn merge(&mut self, o: &HandStats) {
        self.hands += o.hands;
        for (a, b) in [
            (&mut self.points, &o.points),
            (&mut self.scores, &o.scores),
            (&mut self.tricks, &o.tricks),
        ] {
            for (x, y) in a.iter_mut().zip(b) {
                x.merge(y);
            }
        }
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
