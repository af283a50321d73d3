//! The text-form members every state and game class shares (docs/text-format.md):
//! `repr` as `Class.from_text('…')`, pickling through `from_text`, and a game's `==`.

use pyo3::prelude::*;
use pyo3::types::PyString;

/// `Class.from_text('…')`, the text as a Python string literal.
pub fn repr(py: Python<'_>, class: &str, text: &str) -> PyResult<String> {
    let literal = PyString::new(py, text).repr()?;
    Ok(format!("{class}.from_text({literal})"))
}

/// `(type(obj).from_text, (text,))`.
pub fn reduce<'py>(
    obj: &Bound<'py, PyAny>,
    text: String,
) -> PyResult<(Bound<'py, PyAny>, (String,))> {
    Ok((obj.get_type().getattr("from_text")?, (text,)))
}

/// A game's past: its text without the `future` and `queued` lines (what `==` compares).
pub fn past(text: &str) -> String {
    text.lines()
        .filter(|l| !l.starts_with("future") && !l.starts_with("queued"))
        .collect::<Vec<_>>()
        .join("\n")
}
