//! Bit instructions chosen at run time, soundly.
//!
//! The batch kernels find the n-th set bit of a mask millions of times a second. With BMI2
//! that is one `pdep`; without it, a short loop. A kernel is generic over [`BitOps`] and
//! receives a value of it: [`Portable`] anywhere, or [`Bmi2`], which only
//! [`Bmi2::detect`] can make, and only on a CPU that has BMI2. So no safe function can run a
//! BMI2 instruction on a CPU without it: holding a `Bmi2` is the proof of the run-time check.
//!
//! ```compile_fail
//! // A `Bmi2` cannot be made without detection: its field is private.
//! let forged = hearts_engine::Bmi2(());
//! ```
//!
//! ```
//! use hearts_engine::{BitOps, Bmi2, Portable};
//! let m = 0b1011_0100u64;
//! assert_eq!(Portable.nth_bit(m, 1), 0b0001_0000);
//! if let Some(b) = Bmi2::detect() {
//!     assert_eq!(b.nth_bit(m, 1), 0b0001_0000);
//! }
//! ```

use std::fmt::Debug;

/// How a kernel finds the n-th lowest set bit of a mask. Both implementations give the same
/// answer; [`Bmi2`] is faster where it exists.
pub trait BitOps: Copy + Send + Sync + Debug {
    /// The `n`-th lowest set bit of `m` (from 0) as a one-bit mask; 0 if `m` has `n` or
    /// fewer bits.
    fn nth_bit(self, m: u64, n: u32) -> u64;

    /// The bits of `x` at the set bits of `mask`, packed into the low bits in order
    /// (parallel bit extract).
    fn compress(self, x: u64, mask: u64) -> u64;

    /// The low bits of `x` placed, in order, at the set bits of `mask` (parallel bit
    /// deposit, the inverse of [`BitOps::compress`]).
    fn deposit(self, x: u64, mask: u64) -> u64;
}

/// Plain integer instructions: runs on every CPU.
#[derive(Copy, Clone, Debug, Default, Eq, PartialEq)]
pub struct Portable;

impl BitOps for Portable {
    #[inline(always)]
    fn nth_bit(self, m: u64, n: u32) -> u64 {
        let mut m = m;
        for _ in 0..n {
            m &= m.wrapping_sub(1);
        }
        m & m.wrapping_neg()
    }

    #[inline(always)]
    fn compress(self, x: u64, mask: u64) -> u64 {
        let (mut m, mut out, mut k) = (mask, 0u64, 0);
        while m != 0 {
            let bit = m & m.wrapping_neg();
            out |= u64::from(x & bit != 0) << k;
            k += 1;
            m ^= bit;
        }
        out
    }

    #[inline(always)]
    fn deposit(self, x: u64, mask: u64) -> u64 {
        let (mut m, mut out, mut k) = (mask, 0u64, 0);
        while m != 0 {
            let bit = m & m.wrapping_neg();
            if x >> k & 1 != 0 {
                out |= bit;
            }
            k += 1;
            m ^= bit;
        }
        out
    }
}

/// Proof that this CPU has BMI2, BMI1, POPCNT and LZCNT: only [`Bmi2::detect`] makes one.
#[derive(Copy, Clone, Debug, Eq, PartialEq)]
pub struct Bmi2(());

impl Bmi2 {
    /// A `Bmi2` if this CPU has BMI2, BMI1, POPCNT and LZCNT (checked at run time), else
    /// `None`.
    pub fn detect() -> Option<Bmi2> {
        #[cfg(target_arch = "x86_64")]
        {
            if std::is_x86_feature_detected!("bmi2")
                && std::is_x86_feature_detected!("bmi1")
                && std::is_x86_feature_detected!("popcnt")
                && std::is_x86_feature_detected!("lzcnt")
            {
                return Some(Bmi2(()));
            }
        }
        None
    }
}

impl BitOps for Bmi2 {
    #[inline(always)]
    fn nth_bit(self, m: u64, n: u32) -> u64 {
        #[cfg(target_arch = "x86_64")]
        {
            // SAFETY: a `Bmi2` exists only when `detect` found BMI2 on this CPU.
            unsafe { std::arch::x86_64::_pdep_u64(1u64 << n, m) }
        }
        #[cfg(not(target_arch = "x86_64"))]
        {
            Portable.nth_bit(m, n)
        }
    }

    #[inline(always)]
    fn compress(self, x: u64, mask: u64) -> u64 {
        #[cfg(target_arch = "x86_64")]
        {
            // SAFETY: a `Bmi2` exists only when `detect` found BMI2 on this CPU.
            unsafe { std::arch::x86_64::_pext_u64(x, mask) }
        }
        #[cfg(not(target_arch = "x86_64"))]
        {
            Portable.compress(x, mask)
        }
    }

    #[inline(always)]
    fn deposit(self, x: u64, mask: u64) -> u64 {
        #[cfg(target_arch = "x86_64")]
        {
            // SAFETY: a `Bmi2` exists only when `detect` found BMI2 on this CPU.
            unsafe { std::arch::x86_64::_pdep_u64(x, mask) }
        }
        #[cfg(not(target_arch = "x86_64"))]
        {
            Portable.deposit(x, mask)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn detect_matches_the_cpu_and_both_agree() {
        #[cfg(target_arch = "x86_64")]
        assert_eq!(
            Bmi2::detect().is_some(),
            std::is_x86_feature_detected!("bmi2")
                && std::is_x86_feature_detected!("bmi1")
                && std::is_x86_feature_detected!("popcnt")
                && std::is_x86_feature_detected!("lzcnt")
        );
        let mut x = 0x9e37_79b9_7f4a_7c15u64;
        for _ in 0..1000 {
            x = x.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
            for n in 0..=x.count_ones() {
                let p = Portable.nth_bit(x, n);
                if n < x.count_ones() {
                    assert_eq!(p.count_ones(), 1);
                    assert_eq!((x & (p - 1)).count_ones(), n);
                } else {
                    assert_eq!(p, 0);
                }
                if let Some(b) = Bmi2::detect() {
                    assert_eq!(b.nth_bit(x, n), p);
                }
            }
            // compress: bit k of the result is the k-th selected bit of x.
            let mask = x.rotate_left(17) ^ x;
            let c = Portable.compress(x, mask);
            for k in 0..mask.count_ones() {
                let at = Portable.nth_bit(mask, k);
                assert_eq!(c >> k & 1 == 1, x & at != 0);
            }
            assert_eq!(c >> mask.count_ones(), 0);
            if let Some(b) = Bmi2::detect() {
                assert_eq!(b.compress(x, mask), c);
            }
            // deposit undoes compress on the mask's bits.
            let d = Portable.deposit(c, mask);
            assert_eq!(d, x & mask);
            let e = Portable.deposit(x, mask);
            for k in 0..mask.count_ones() {
                assert_eq!(e & Portable.nth_bit(mask, k) != 0, x >> k & 1 == 1);
            }
            assert_eq!(e & !mask, 0);
            if let Some(b) = Bmi2::detect() {
                assert_eq!(b.deposit(x, mask), Portable.deposit(x, mask));
                assert_eq!(b.deposit(c, mask), d);
            }
        }
    }
}
