//! Column outputs: a batch writes one row per hand (or game) into flat, row-major columns,
//! some one value wide, some one value per seat (or team). [`columns!`](crate::columns)
//! declares such a set once: the owning struct of `Vec`s, its mutable view of a range of
//! rows, and the plumbing the [`batch`](crate::batch) drivers need ([`Columns`], [`Rows`]).

/// A batch result too large to hold: what its columns would need.
#[derive(Clone, Copy, Debug, Eq, PartialEq, Hash)]
pub struct TooLarge {
    /// The rows asked for.
    pub rows: usize,
    /// The bytes their columns need; `None` beyond what an address can count.
    pub bytes: Option<usize>,
}

/// An owning set of columns, `len()` rows long.
pub trait Columns: Send + Sized {
    /// A mutable view of a range of rows.
    type Rows<'a>: Rows
    where
        Self: 'a;

    /// Storage for `n` rows of `players` seats, every value at its initial value, or
    /// [`TooLarge`] when it cannot be allocated: the sizes are checked and the allocation is
    /// fallible, so a huge request is an error, never an abort.
    fn try_new(n: usize, players: usize) -> Result<Self, TooLarge>;

    /// The bytes `n` rows of `players` seats take (`None` beyond `usize`).
    fn bytes(n: usize, players: usize) -> Option<usize>;

    /// Number of rows.
    fn len(&self) -> usize;

    /// Whether there is no row.
    fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Rows `from..to` as a view whose first row is item `start + from` of the batch.
    fn chunk(&mut self, start: u64, from: usize, to: usize) -> Self::Rows<'_>;

    /// Every row, the first one being item `start` of its batch.
    fn rows(&mut self, start: u64) -> Self::Rows<'_> {
        let n = self.len();
        self.chunk(start, 0, n)
    }
}

/// A mutable view of rows `start..start + rows()` of a batch's columns.
pub trait Rows: Send + Sized {
    /// Number of rows.
    fn rows(&self) -> usize;

    /// The batch index of the first row.
    fn start(&self) -> u64;

    /// The first `k` rows and the rest.
    fn split_at(self, k: usize) -> (Self, Self);
}

/// `rows` cut into views of `block` rows (the last may be shorter), in order.
pub fn split<R: Rows>(rows: R, block: usize) -> Vec<R> {
    let block = block.max(1);
    let mut out = Vec::with_capacity(rows.rows().div_ceil(block));
    let mut rest = rows;
    while rest.rows() > block {
        let (head, tail) = rest.split_at(block);
        out.push(head);
        rest = tail;
    }
    if rest.rows() > 0 || out.is_empty() {
        out.push(rest);
    }
    out
}

/// Declares a set of batch result columns: `$out` owns one `Vec` per column, `$rows<'a>` is a
/// mutable view of a range of rows. A column is `name: type [width] = initial value`, where
/// `width` is `seats` (the `players` given to `new`) or a number.
///
/// ```
/// hearts_engine::columns! {
///     /// Results.
///     pub struct Out, OutRows {
///         /// Points per seat.
///         points: u8 [seats] = 0,
///         /// Team scores.
///         teams: i32 [2] = 0,
///         /// The winner or -1.
///         winner: i8 [1] = -1,
///     }
/// }
/// use hearts_engine::batch::{Columns, Rows};
/// let mut out = Out::new(3, 4);
/// assert_eq!((out.len(), out.points.len(), out.teams.len()), (3, 12, 6));
/// assert_eq!(Out::bytes(3, 4), Some(3 * (4 + 2 * 4 + 1)));
/// let huge = Out::try_new(usize::MAX / 2, 4).unwrap_err();
/// assert_eq!(huge.bytes, None);
/// assert_eq!(out.winner, [-1; 3]);
/// let (a, b) = out.rows(10).split_at(1);
/// assert_eq!((a.start, a.points.len(), b.start, b.teams.len()), (10, 4, 11, 4));
/// ```
#[macro_export]
macro_rules! columns {
    (@width seats, $p:expr) => { $p };
    (@width $w:literal, $p:expr) => { $w };
    (
        $(#[$meta:meta])*
        pub struct $out:ident, $rows:ident {
            $(
                $(#[$fmeta:meta])*
                $field:ident : $ty:ty [$w:tt] = $init:expr
            ),* $(,)?
        }
    ) => {
        $(#[$meta])*
        #[derive(Clone, Debug, Default, PartialEq)]
        pub struct $out {
            /// Players per row (the width of the per-seat columns).
            pub players: usize,
            len: usize,
            $( $(#[$fmeta])* pub $field: Vec<$ty>, )*
        }

        impl $out {
            /// Storage for `n` rows of `players` seats, every value at its initial value (an
            /// engine-sized block; a caller-sized result goes through `try_new`).
            pub fn new(n: usize, players: usize) -> $out {
                $out {
                    players,
                    len: n,
                    $( $field: vec![$init; n * $crate::columns!(@width $w, players)], )*
                }
            }
        }

        impl $crate::batch::Columns for $out {
            type Rows<'a> = $rows<'a>;

            fn try_new(n: usize, players: usize) -> Result<$out, $crate::batch::TooLarge> {
                let too_large = $crate::batch::TooLarge { rows: n, bytes: Self::bytes(n, players) };
                too_large.bytes.ok_or(too_large)?;
                Ok($out {
                    players,
                    len: n,
                    $( $field: $crate::batch::try_column(
                        n * $crate::columns!(@width $w, players),
                        $init,
                    ).ok_or(too_large)?, )*
                })
            }

            fn bytes(n: usize, players: usize) -> Option<usize> {
                let mut bytes = 0usize;
                $(
                    let width = $crate::columns!(@width $w, players);
                    let column = n.checked_mul(width)?.checked_mul(core::mem::size_of::<$ty>())?;
                    bytes = bytes.checked_add(column)?;
                )*
                // Beyond isize::MAX no allocation can succeed.
                isize::try_from(bytes).is_ok().then_some(bytes)
            }

            fn len(&self) -> usize {
                self.len
            }

            fn chunk(&mut self, start: u64, from: usize, to: usize) -> $rows<'_> {
                let p = self.players;
                $rows {
                    start: start + from as u64,
                    players: p,
                    $( $field: &mut self.$field[
                        from * $crate::columns!(@width $w, p)..to * $crate::columns!(@width $w, p)
                    ], )*
                }
            }
        }

        #[doc = concat!("Mutable rows of a [`", stringify!($out), "`]; fields as there.")]
        #[derive(Debug)]
        #[allow(missing_docs)]
        pub struct $rows<'a> {
            /// The batch index of the first row.
            pub start: u64,
            /// Players per row.
            pub players: usize,
            $( pub $field: &'a mut [$ty], )*
        }

        impl $rows<'_> {
            /// The same rows, borrowed again (to split a view one holds by reference).
            pub fn reborrow(&mut self) -> $rows<'_> {
                $rows { start: self.start, players: self.players, $( $field: &mut *self.$field, )* }
            }
        }

        impl $crate::batch::Rows for $rows<'_> {
            fn rows(&self) -> usize {
                $crate::batch::first_len(&[$( self.$field.len() / $crate::columns!(@width $w, self.players).max(1) ),*])
            }

            fn start(&self) -> u64 {
                self.start
            }

            fn split_at(self, k: usize) -> (Self, Self) {
                let p = self.players;
                $( let $field = self.$field.split_at_mut(k * $crate::columns!(@width $w, p)); )*
                (
                    $rows { start: self.start, players: p, $( $field: $field.0, )* },
                    $rows { start: self.start + k as u64, players: p, $( $field: $field.1, )* },
                )
            }
        }
    };
}

/// A value a result column holds: a plain number or flag, whose all-zero bit pattern is its
/// default value (so a column of defaults can come from zeroed memory, which the system hands
/// out lazily: a huge result costs nothing until it is written).
pub trait Cell: Copy + Default + PartialEq + Send + Sync + 'static {}

macro_rules! cells {
    ($($t:ty),*) => { $(impl Cell for $t {})* };
}

cells!(bool, u8, i8, u16, i16, u32, i32, u64, i64, usize, f32, f64);

/// A column of `len` copies of `init`, or `None` when it cannot be allocated.
#[doc(hidden)]
pub fn try_column<T: Cell>(len: usize, init: T) -> Option<Vec<T>> {
    let layout = std::alloc::Layout::array::<T>(len).ok()?;
    if init != T::default() || layout.size() == 0 {
        let mut v = Vec::new();
        v.try_reserve_exact(len).ok()?;
        v.resize(len, init);
        return Some(v);
    }
    // SAFETY: `layout` has a non-zero size. The memory is zeroed, and zero bits are the
    // default value of every `Cell` type, so all `len` values are initialized; the block
    // comes from the global allocator with the layout of a `[T]` of length `len`, which a
    // `Box<[T]>` owns and frees.
    unsafe {
        let ptr = std::alloc::alloc_zeroed(layout).cast::<T>();
        (!ptr.is_null())
            .then(|| Box::from_raw(std::ptr::slice_from_raw_parts_mut(ptr, len)).into_vec())
    }
}

/// The first of a list of lengths (0 for none): a view's row count, from its first column.
#[doc(hidden)]
pub fn first_len(lens: &[usize]) -> usize {
    lens.first().copied().unwrap_or(0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn columns_hold_their_initial_values_or_refuse() {
        assert_eq!(try_column(5, 0i64), Some(vec![0; 5]));
        assert_eq!(try_column(3, false), Some(vec![false; 3]));
        assert_eq!(try_column(4, -1i8), Some(vec![-1; 4]));
        assert_eq!(try_column(0, 0u32), Some(vec![]));
        let mut v = try_column(1000, 0u16).unwrap();
        v.push(7); // a zeroed column is an ordinary Vec: it grows and frees as one
        assert_eq!((v.len(), v[999], v[1000]), (1001, 0, 7));
        assert_eq!(try_column(usize::MAX / 4, 0i64), None);
        assert_eq!(try_column(usize::MAX / 4, 3i64), None);
        assert_eq!(try_column(1 << 60, 0u8), None);
    }
}
