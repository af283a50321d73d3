//! Constant-memory aggregates of a stream of hands, with exact integer accumulators (so
//! merging per-thread parts gives the same result in any order).

use super::HandsOut;

/// Sums, sums of squares, counts and histograms per seat.
#[derive(Clone, Debug, Eq, PartialEq)]
pub struct HandStats {
    /// Players.
    pub players: usize,
    /// Hands accumulated.
    pub hands: u64,
    /// Σ points per seat.
    pub points_sum: Vec<i64>,
    /// Σ points² per seat.
    pub points_sq: Vec<i64>,
    /// Σ hand score per seat.
    pub scores_sum: Vec<i64>,
    /// Σ hand score² per seat.
    pub scores_sq: Vec<i64>,
    /// Σ tricks per seat.
    pub tricks_sum: Vec<i64>,
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
            points_sum: vec![0; players],
            points_sq: vec![0; players],
            scores_sum: vec![0; players],
            scores_sq: vec![0; players],
            tricks_sum: vec![0; players],
            moons: vec![0; players],
            queens: vec![0; players],
            points_hist: vec![0; players * (v + 1)],
            v,
        }
    }

    /// Adds every hand of `out`.
    pub fn add(&mut self, out: &HandsOut) {
        let p = self.players;
        for (j, &moon) in out.moon_shooter.iter().enumerate() {
            for k in 0..p {
                let pt = i64::from(out.points[j * p + k]);
                let sc = i64::from(out.hand_scores[j * p + k]);
                self.points_sum[k] += pt;
                self.points_sq[k] += pt * pt;
                self.scores_sum[k] += sc;
                self.scores_sq[k] += sc * sc;
                self.tricks_sum[k] += i64::from(out.tricks[j * p + k]);
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

    /// Adds another part.
    pub fn merge(&mut self, o: &HandStats) {
        self.hands += o.hands;
        for (a, b) in [
            (&mut self.points_sum, &o.points_sum),
            (&mut self.points_sq, &o.points_sq),
            (&mut self.scores_sum, &o.scores_sum),
            (&mut self.scores_sq, &o.scores_sq),
            (&mut self.tricks_sum, &o.tricks_sum),
            (&mut self.moons, &o.moons),
            (&mut self.queens, &o.queens),
            (&mut self.points_hist, &o.points_hist),
        ] {
            for (x, y) in a.iter_mut().zip(b) {
                *x += *y;
            }
        }
    }
}
