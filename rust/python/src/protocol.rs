//! The members every state and game class shares (docs/protocol.md): the text form
//! (`to_text`, `from_text`), an eval-able `repr`, pickling through the text, `==`, and
//! `copy()` with the hooks of the `copy` module. [`protocol_class!`] writes them once.

use pyo3::prelude::*;
use pyo3::types::PyString;

/// `Class.from_text('…')`, the text as a Python string literal.
pub fn repr(py: Python<'_>, class: &str, text: &str) -> PyResult<String> {
    let literal = PyString::new(py, text).repr()?;
    Ok(format!("{class}.from_text({literal})"))
}

/// A game's past: its text without the `future` and `queued` lines (what a game's `==`
/// compares).
pub fn past(text: &str) -> String {
    text.lines()
        .filter(|l| !l.starts_with("future") && !l.starts_with("queued"))
        .collect::<Vec<_>>()
        .join("\n")
}

/// The `#[pymethods]` of a state or game class: the protocol members from the pieces that
/// differ between classes (how to write the text, how to read it, when two objects are
/// equal; for a state its hand of a batch, and for a trick-taking hand the engine's
/// [`TrickTaking`](hearts_engine::TrickTaking) view, which gives `num_players`, `hands`,
/// `legal_plays`, `trick` and `tricks_taken`), then the class's own members.
///
/// ```ignore
/// protocol_class! {
///     PySpadesGame as "SpadesGame",
///     text: |g| g.0.to_text(),
///     read: |t| SpadesGame::from_text(t).map(PySpadesGame),
///     same: |a, b| past(&a.to_text()) == past(&b.to_text());
///     #[getter]
///     fn is_over(&self) -> bool { self.0.is_over() }
/// }
/// ```
macro_rules! protocol_class {
    (
        $ty:ident as $class:literal,
        text: |$s:ident| $text:expr,
        read: |$t:ident| $read:expr,
        same: |$a:ident, $b:ident| $same:expr
        $(, from_batch: $rules:ty => |$r:ident, $seed:ident, $index:ident| $batch:expr)?
        $(, trick_taking: |$h:ident| $hand:expr)?;
        $($members:tt)*
    ) => {
        #[pyo3::pymethods]
        impl $ty {
            fn to_text(&self) -> String {
                let $s = self;
                $text
            }

            #[classmethod]
            fn from_text(
                _cls: &pyo3::Bound<'_, pyo3::types::PyType>,
                text: &pyo3::Bound<'_, pyo3::PyAny>,
            ) -> pyo3::PyResult<Self> {
                let $t: &str = &$crate::convert::extract_str(text, "text")?;
                $read.map_err($crate::errors::text_error)
            }

            fn __repr__(&self, py: pyo3::Python<'_>) -> pyo3::PyResult<String> {
                $crate::protocol::repr(py, $class, &self.to_text())
            }

            fn __reduce__<'py>(
                slf: &pyo3::Bound<'py, Self>,
            ) -> pyo3::PyResult<(pyo3::Bound<'py, pyo3::PyAny>, (String,))> {
                use pyo3::prelude::*;
                let text = slf.borrow().to_text();
                Ok((slf.get_type().getattr("from_text")?, (text,)))
            }

            fn __eq__(&self, other: &pyo3::Bound<'_, pyo3::PyAny>) -> bool {
                other.cast::<Self>().is_ok_and(|o| {
                    let ($a, $b) = (self, &*o.borrow());
                    $same
                })
            }

            $(
                /// The initial state of hand `index` of a batch run with `seed`: the hand the
                /// game's `simulate_*` plays as hand `index` (dealer `index % players`).
                #[classmethod]
                #[pyo3(signature = (rules, seed, index))]
                fn from_batch(
                    _cls: &pyo3::Bound<'_, pyo3::types::PyType>,
                    rules: &pyo3::Bound<'_, pyo3::PyAny>,
                    seed: &pyo3::Bound<'_, pyo3::PyAny>,
                    index: &pyo3::Bound<'_, pyo3::PyAny>,
                ) -> pyo3::PyResult<Self> {
                    let $r = <$rules>::extract(rules)?;
                    let $seed = $crate::convert::extract_seed(seed)?;
                    let $index = $crate::convert::extract_index(index, "index")?;
                    Ok($batch)
                }
            )?

            $(
                #[getter]
                fn num_players(&self) -> u8 {
                    let $h = self;
                    hearts_engine::TrickTaking::num_players($hand)
                }

                #[getter]
                fn hands(&self) -> Vec<Vec<u32>> {
                    let $h = self;
                    let hand = $hand;
                    let seats = hearts_engine::Seat::all(hearts_engine::TrickTaking::num_players(hand));
                    seats
                        .map(|s| $crate::convert::ids(hearts_engine::TrickTaking::hand(hand, s)))
                        .collect()
                }

                fn legal_plays(&self) -> Vec<u32> {
                    let $h = self;
                    $crate::convert::ids(hearts_engine::TrickTaking::legal_plays($hand))
                }

                #[getter]
                fn trick(&self) -> Vec<(u8, u8)> {
                    let $h = self;
                    let trick = hearts_engine::TrickTaking::trick($hand);
                    trick.plays().map(|(s, c)| (s, c.id())).collect()
                }

                #[getter]
                fn tricks_taken(&self) -> Vec<u32> {
                    let $h = self;
                    let hand = $hand;
                    let seats = hearts_engine::Seat::all(hearts_engine::TrickTaking::num_players(hand));
                    seats
                        .map(|s| u32::from(hearts_engine::TrickTaking::tricks_taken(hand, s)))
                        .collect()
                }
            )?

            fn copy(&self) -> Self {
                self.clone()
            }

            fn __copy__(&self) -> Self {
                self.clone()
            }

            fn __deepcopy__(&self, _memo: &pyo3::Bound<'_, pyo3::PyAny>) -> Self {
                self.clone()
            }

            $($members)*
        }
    };
}

pub(crate) use protocol_class;
