//! Streaming statistics computed in the engine, exactly: [`Moments`] keeps the count, the sum
//! and the sum of squares of a stream of integers in `i128`, so no accepted parameter can
//! make them wrap, and merging parts in any order gives the same result.

/// Count, sum and sum of squares of a stream of integers.
///
/// ```
/// use hearts_engine::batch::Moments;
/// let mut m = Moments::default();
/// for x in [2, 4, 4, 4, 5, 5, 7, 9] {
///     m.add(x);
/// }
/// assert_eq!(m.mean(), 5.0);
/// assert_eq!(m.variance(), 4.0);
/// let (mut a, mut b) = (Moments::default(), Moments::default());
/// a.add(i64::MAX);
/// b.add(i64::MAX);
/// a.merge(&b);
/// assert_eq!(a.sum, 2 * i128::from(i64::MAX));
/// ```
#[derive(Copy, Clone, Debug, Default, Eq, PartialEq, Hash)]
pub struct Moments {
    /// Values seen.
    pub n: u64,
    /// Their sum.
    pub sum: i128,
    /// The sum of their squares.
    pub sum_sq: i128,
}

impl Moments {
    /// Adds one value.
    #[inline]
    pub fn add(&mut self, x: i64) {
        let x = i128::from(x);
        self.n += 1;
        self.sum += x;
        self.sum_sq += x * x;
    }

    /// Adds the values of another part.
    pub fn merge(&mut self, other: &Moments) {
        self.n += other.n;
        self.sum += other.sum;
        self.sum_sq += other.sum_sq;
    }

    /// The mean (NaN for no values).
    #[allow(clippy::cast_precision_loss)]
    pub fn mean(&self) -> f64 {
        if self.n == 0 {
            f64::NAN
        } else {
            self.sum as f64 / self.n as f64
        }
    }

    /// The population variance (NaN for no values): `(n·Σx² − (Σx)²) / n²`, computed in
    /// integers while that fits, so it is exact up to the final division.
    #[allow(clippy::cast_precision_loss)]
    pub fn variance(&self) -> f64 {
        if self.n == 0 {
            return f64::NAN;
        }
        let n = i128::from(self.n);
        let exact = n
            .checked_mul(self.sum_sq)
            .zip(self.sum.checked_mul(self.sum))
            .and_then(|(a, b)| a.checked_sub(b));
        match exact {
            Some(num) => (num as f64 / (n as f64 * n as f64)).max(0.0),
            None => {
                let m = self.sum as f64 / n as f64;
                (self.sum_sq as f64 / n as f64 - m * m).max(0.0)
            }
        }
    }
}

/// Adds a seat-major result column (`moments.len()` values a row, one a seat or team) into
/// one [`Moments`] per seat.
pub fn add_by_seat<T: Copy + Into<i64>>(moments: &mut [Moments], column: &[T]) {
    for row in column.chunks_exact(moments.len()) {
        for (m, &x) in moments.iter_mut().zip(row) {
            m.add(x.into());
        }
    }
}

/// Merges another part's per-seat [`Moments`] into `moments`, seat by seat.
pub fn merge_by_seat(moments: &mut [Moments], other: &[Moments]) {
    for (m, o) in moments.iter_mut().zip(other) {
        m.merge(o);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn large_values_do_not_wrap() {
        // 3,000,000 hand scores of ±2e6 (the size of issue 10's Spades repro): Σx² = 1.2e19,
        // beyond i64.
        let mut m = Moments::default();
        for i in 0..3_000_000i64 {
            m.add(if i % 2 == 0 { 2_000_000 } else { -2_000_000 });
        }
        assert_eq!(m.sum, 0);
        assert!((m.variance() - 4e12).abs() < 1.0);
        assert!(m.sum_sq > i128::from(i64::MAX));
    }

    #[test]
    fn by_seat_adds_each_seat_its_column() {
        let mut m = vec![Moments::default(); 3];
        add_by_seat(&mut m, &[1i16, 2, 3, 10, 20, 30]);
        assert_eq!(
            m.iter().map(|x| (x.n, x.sum)).collect::<Vec<_>>(),
            [(2, 11), (2, 22), (2, 33)]
        );
        let other = m.clone();
        merge_by_seat(&mut m, &other);
        assert_eq!(m[2].sum, 66);
    }

    #[test]
    fn empty_is_nan() {
        assert!(Moments::default().mean().is_nan());
        assert!(Moments::default().variance().is_nan());
    }
}
