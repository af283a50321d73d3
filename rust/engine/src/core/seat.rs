//! Seats and per-seat data: [`Seat`] and [`BySeat`], in the spirit of shakmaty's
//! `Color`/`ByColor`, for tables of up to [`Seat::MAX`] players.

use std::fmt;
use std::ops::{Index, IndexMut};

/// A seat at the table, `0..players`, numbered clockwise; play passes from seat `s` to
/// [`Seat::next`].
///
/// ```
/// use hearts_engine::Seat;
/// let s = Seat::new(3).unwrap();
/// assert_eq!(s.next(4), Seat::new(0).unwrap());
/// assert_eq!(s.index(), 3);
/// assert!(Seat::new(7).is_none());
/// ```
#[derive(Copy, Clone, Debug, Default, Eq, PartialEq, Ord, PartialOrd, Hash)]
pub struct Seat(u8);

impl Seat {
    /// The most seats any game of the crate has (7-player Hearts).
    pub const MAX: usize = 7;

    /// Seat `index` if it is below [`Seat::MAX`].
    pub const fn new(index: u8) -> Option<Seat> {
        if (index as usize) < Seat::MAX {
            Some(Seat(index))
        } else {
            None
        }
    }

    /// Seat `index`, which the caller has checked is below [`Seat::MAX`].
    #[inline(always)]
    pub const fn new_unchecked(index: u8) -> Seat {
        debug_assert!((index as usize) < Seat::MAX);
        Seat(index)
    }

    /// The seat number.
    #[inline(always)]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The seat number as a byte.
    #[inline(always)]
    pub const fn id(self) -> u8 {
        self.0
    }

    /// The next seat clockwise at a table of `players`.
    #[inline(always)]
    pub const fn next(self, players: u8) -> Seat {
        if self.0 + 1 >= players {
            Seat(0)
        } else {
            Seat(self.0 + 1)
        }
    }

    /// The seat `k` places clockwise at a table of `players`.
    #[inline]
    pub const fn offset(self, k: u8, players: u8) -> Seat {
        Seat(((self.0 as u16 + k as u16) % players as u16) as u8)
    }

    /// Every seat of a table of `players`, from seat 0.
    pub fn all(players: u8) -> impl DoubleEndedIterator<Item = Seat> + ExactSizeIterator {
        (0..players.min(Seat::MAX as u8)).map(Seat)
    }
}

impl fmt::Display for Seat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "seat {}", self.0)
    }
}

impl From<Seat> for usize {
    fn from(s: Seat) -> usize {
        s.index()
    }
}

/// One `T` per seat, indexed by [`Seat`]. Seats past the table's players hold
/// `T::default()` (or whatever the constructor gave them).
///
/// ```
/// use hearts_engine::{BySeat, Seat};
/// let mut points = BySeat::<u32>::default();
/// points[Seat::new(2).unwrap()] += 13;
/// assert_eq!(points.iter(4).sum::<u32>(), 13);
/// assert_eq!(points.map(|p| p * 2)[Seat::new(2).unwrap()], 26);
/// ```
#[derive(Copy, Clone, Debug, Default, Eq, PartialEq, Hash)]
pub struct BySeat<T>(pub [T; Seat::MAX]);

impl<T> BySeat<T> {
    /// A value per seat from `f(seat)`.
    pub fn new_with(mut f: impl FnMut(Seat) -> T) -> BySeat<T> {
        BySeat(std::array::from_fn(|i| f(Seat(i as u8))))
    }

    /// The value of `seat`.
    #[inline(always)]
    pub fn get(&self, seat: Seat) -> &T {
        &self.0[seat.index()]
    }

    /// The value of `seat`, mutably.
    #[inline(always)]
    pub fn get_mut(&mut self, seat: Seat) -> &mut T {
        &mut self.0[seat.index()]
    }

    /// Each value mapped by `f`.
    pub fn map<U>(self, f: impl FnMut(T) -> U) -> BySeat<U> {
        BySeat(self.0.map(f))
    }

    /// The values of the first `players` seats, in seat order.
    pub fn iter(&self, players: u8) -> impl DoubleEndedIterator<Item = &T> + ExactSizeIterator {
        self.0[..usize::from(players).min(Seat::MAX)].iter()
    }

    /// The values of the first `players` seats as a slice.
    pub fn as_slice(&self, players: u8) -> &[T] {
        &self.0[..usize::from(players).min(Seat::MAX)]
    }
}

impl<T> Index<Seat> for BySeat<T> {
    type Output = T;
    #[inline(always)]
    fn index(&self, seat: Seat) -> &T {
        self.get(seat)
    }
}

impl<T> IndexMut<Seat> for BySeat<T> {
    #[inline(always)]
    fn index_mut(&mut self, seat: Seat) -> &mut T {
        self.get_mut(seat)
    }
}
