//! A small, fast, seedable random number generator (wyrand) and per-game seeding.
//!
//! Every random choice in the engine goes through [`Rng`], and a batch seeds game `i` from
//! `(seed, i)` alone through [`Rng::for_game`], so results never depend on thread count or
//! scheduling.

/// wyrand: one 64-bit state word, a multiply and a xor per output. Not cryptographic.
#[derive(Clone, Copy, Debug, Eq, PartialEq)]
pub struct Rng(u64);

/// SplitMix64's finaliser: a bijective 64-bit mix.
#[inline]
pub const fn mix64(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// The seed of the policy stream for a batch seed: a batch draws its deals from
/// `Rng::for_game(seed, i)` and its policies' choices from [`policy_rng`]`(seed, i)`.
pub const fn policy_seed(seed: u64) -> u64 {
    mix64(seed ^ 0x005e_ed0f_9011_c1e5)
}

/// The policy random stream of hand or game `index` of a batch run with `seed`.
///
/// ```
/// use hearts_engine::{policy_rng, policy_seed, Rng};
/// assert_eq!(policy_rng(3, 4), Rng::for_game(policy_seed(3), 4));
/// ```
pub const fn policy_rng(seed: u64, index: u64) -> Rng {
    Rng::for_game(policy_seed(seed), index)
}

impl Rng {
    /// A generator seeded from one number.
    ///
    /// ```
    /// use hearts_engine::Rng;
    /// let (mut a, mut b) = (Rng::new(7), Rng::new(7));
    /// assert_eq!(a.next_u64(), b.next_u64());
    /// ```
    pub const fn new(seed: u64) -> Rng {
        Rng(mix64(seed ^ 0x6a09_e667_f3bc_c908))
    }

    /// The generator's whole state (to save it; [`Rng::from_state`] restores it).
    pub const fn state(self) -> u64 {
        self.0
    }

    /// A generator in a saved [`Rng::state`].
    pub const fn from_state(state: u64) -> Rng {
        Rng(state)
    }

    /// The generator of game (or hand) `index` of a batch run with `seed`.
    pub const fn for_game(seed: u64, index: u64) -> Rng {
        Rng::for_game_mixed(mix64(seed), index)
    }

    /// [`Rng::for_game`] given `mix64(seed)`, which a batch computes once.
    ///
    /// ```
    /// use hearts_engine::{mix64, Rng};
    /// assert_eq!(Rng::for_game_mixed(mix64(5), 9), Rng::for_game(5, 9));
    /// ```
    pub const fn for_game_mixed(mixed_seed: u64, index: u64) -> Rng {
        Rng(mix64(
            mixed_seed.wrapping_add(mix64(index ^ 0x3c6e_f372_fe94_f82b)),
        ))
    }

    /// The next 64 random bits.
    #[inline(always)]
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0xa076_1d64_78bd_642f);
        let t = u128::from(self.0) * u128::from(self.0 ^ 0xe703_7ed1_a0b4_28db);
        (t >> 64) as u64 ^ t as u64
    }

    /// A uniform integer in `0..n` (Lemire's multiply-shift with rejection on the full
    /// 64-bit word: exactly uniform, one `next_u64` per call but for rare rejections).
    /// `n` must be > 0.
    ///
    /// ```
    /// use hearts_engine::Rng;
    /// let mut r = Rng::new(1);
    /// assert!((0..1000).all(|_| r.below(6) < 6));
    /// ```
    #[inline(always)]
    pub fn below(&mut self, n: u32) -> u32 {
        debug_assert!(n > 0);
        let n64 = u64::from(n);
        let m = u128::from(self.next_u64()) * u128::from(n64);
        if (m as u64) < n64 {
            let (rng, x) = Rng::below_rejected(*self, n64, m);
            *self = rng;
            return x;
        }
        (m >> 64) as u32
    }

    /// The rare end of [`Rng::below`] (probability < n/2^64): kept out of line so the
    /// callers' hot paths fall straight through. It takes and returns the generator by
    /// value so that the callers' generators never leave registers on the hot path.
    #[cold]
    #[inline(never)]
    fn below_rejected(mut rng: Rng, n64: u64, mut m: u128) -> (Rng, u32) {
        let threshold = n64.wrapping_neg() % n64;
        while (m as u64) < threshold {
            m = u128::from(rng.next_u64()) * u128::from(n64);
        }
        (rng, (m >> 64) as u32)
    }

    /// Uniform integers `out[i]` in `0..bounds[i]` from one 64-bit draw (but for rare
    /// rejections): Lemire's method on the product range `P = ∏ bounds` decoded in mixed
    /// radix, which is exactly uniform (Brackett-Rozinsky & Lemire, "Batched ranged random
    /// integer generation", 2024). The caller guarantees `P < 2^64` and every bound > 0.
    ///
    /// ```
    /// use hearts_engine::Rng;
    /// let mut r = Rng::new(3);
    /// let mut out = [0u32; 3];
    /// r.below_batch(&[52, 51, 50], &mut out);
    /// assert!(out[0] < 52 && out[1] < 51 && out[2] < 50);
    /// ```
    #[inline]
    pub fn below_batch(&mut self, bounds: &[u32], out: &mut [u32]) {
        debug_assert!(bounds.len() == out.len());
        debug_assert!(bounds.iter().fold(1u128, |p, &b| p * u128::from(b)) < 1 << 64);
        loop {
            let mut z = self.next_u64();
            let mut product = 1u64;
            for (o, &b) in out.iter_mut().zip(bounds) {
                let m = u128::from(z) * u128::from(b);
                *o = (m >> 64) as u32;
                z = m as u64;
                product = product.wrapping_mul(u64::from(b));
            }
            // z = r·P mod 2^64: accept unless it falls in the biased low band (Lemire).
            if z >= product || z >= product.wrapping_neg() % product {
                return;
            }
        }
    }

    /// [`Rng::below_batch`] with the rejection threshold `2^64 mod P` precomputed by
    /// [`Rng::batch_threshold`]: the same draws, fewer instructions.
    #[inline(always)]
    pub fn below_batch_fixed(&mut self, bounds: &[u32], threshold: u64, out: &mut [u32]) {
        loop {
            let mut z = self.next_u64();
            for (o, &b) in out.iter_mut().zip(bounds) {
                let m = u128::from(z) * u128::from(b);
                *o = (m >> 64) as u32;
                z = m as u64;
            }
            if z >= threshold {
                return;
            }
        }
    }

    /// `2^64 mod ∏ bounds`, the rejection threshold of a batch.
    pub fn batch_threshold(bounds: &[u32]) -> u64 {
        let p = bounds
            .iter()
            .fold(1u64, |p, &b| p.wrapping_mul(u64::from(b)));
        p.wrapping_neg() % p
    }

    /// Shuffles a slice uniformly (Fisher–Yates).
    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            let j = self.below(i as u32 + 1) as usize;
            items.swap(i, j);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn below_is_roughly_uniform() {
        let mut r = Rng::new(42);
        let mut counts = [0u32; 7];
        for _ in 0..70_000 {
            counts[r.below(7) as usize] += 1;
        }
        for c in counts {
            assert!((9_000..11_000).contains(&c), "{counts:?}");
        }
    }

    #[test]
    fn batch_is_exactly_uniform_on_a_small_product() {
        // P = 6·5·7 = 210: every one of the 210 tuples must appear about equally often.
        let mut r = Rng::new(11);
        let mut counts = vec![0u32; 210];
        let mut out = [0u32; 3];
        for _ in 0..210_000 {
            r.below_batch(&[6, 5, 7], &mut out);
            counts[(out[0] * 35 + out[1] * 7 + out[2]) as usize] += 1;
        }
        let chi2: f64 = counts
            .iter()
            .map(|&c| (f64::from(c) - 1000.0).powi(2) / 1000.0)
            .sum();
        // 209 degrees of freedom: the 99.9th percentile is about 285.
        assert!(chi2 < 285.0, "chi2 = {chi2}");
    }

    #[test]
    fn games_are_independent_of_order() {
        let a: Vec<u64> = (0..4).map(|i| Rng::for_game(9, i).next_u64()).collect();
        let b: Vec<u64> = (0..4)
            .rev()
            .map(|i| Rng::for_game(9, i).next_u64())
            .collect();
        assert_eq!(a, b.into_iter().rev().collect::<Vec<_>>());
        assert_ne!(a[0], a[1]);
    }
}
