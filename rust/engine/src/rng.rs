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

    /// The generator of game (or hand) `index` of a batch run with `seed`.
    pub const fn for_game(seed: u64, index: u64) -> Rng {
        Rng(mix64(
            mix64(seed).wrapping_add(mix64(index ^ 0x3c6e_f372_fe94_f82b)),
        ))
    }

    /// The next 64 random bits.
    #[inline]
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0xa076_1d64_78bd_642f);
        let t = u128::from(self.0) * u128::from(self.0 ^ 0xe703_7ed1_a0b4_28db);
        (t >> 64) as u64 ^ t as u64
    }

    /// A uniform integer in `0..n` (Lemire's method with rejection: exactly uniform).
    /// `n` must be > 0.
    ///
    /// ```
    /// use hearts_engine::Rng;
    /// let mut r = Rng::new(1);
    /// assert!((0..1000).all(|_| r.below(6) < 6));
    /// ```
    #[inline]
    pub fn below(&mut self, n: u32) -> u32 {
        debug_assert!(n > 0);
        let n64 = u64::from(n);
        let mut m = u64::from(self.next_u64() as u32) * n64;
        if (m as u32) < n {
            let threshold = n.wrapping_neg() % n;
            while (m as u32) < threshold {
                m = u64::from(self.next_u64() as u32) * n64;
            }
        }
        (m >> 32) as u32
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
