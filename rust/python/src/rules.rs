//! The rules classes (`HeartsRules`, `SpadesRules`, `RummyRules`) through one generic path
//! over the engine's parameter table ([`RuleSet`]): keyword parameters, presets, `replace`,
//! attribute access, `to_dict`, an eval-able `repr` and pickling. [`rules_class!`] declares
//! a class; each game says only its name, its documentation section and its presets.

use crate::convert::{extract_bool, extract_int, extract_str, type_name};
use crate::errors::{rules_error, type_error, InvalidRulesError};
use crate::protocol::parse_args;
use hearts_engine::core::rules::{Kind, Param, RuleSet, Value};
use pyo3::exceptions::PyAttributeError;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyString, PyTuple};

/// A game's rules as a Python class.
pub trait PyRules: RuleSet {
    /// The class name.
    const CLASS: &'static str;
    /// Where the parameters are documented (`docs/rules/hearts.md A.1`).
    const DOC: &'static str;
    /// The preset names, `"default"` first.
    fn presets() -> Vec<&'static str>;
    /// The rules of a preset.
    fn preset(name: &str) -> Option<Self>;
}

/// A game's `rules` argument read as its engine rules; written by [`rules_class!`], which
/// knows the class.
pub trait RulesArg: PyRules {
    /// The engine rules of a rules object of this game, else `ArgumentTypeError`.
    fn from_arg(obj: &Bound<'_, PyAny>) -> PyResult<Self>;
}

/// The values a parameter takes, in the words of the Python API.
fn allowed(p: &Param) -> String {
    let range = match p.range {
        Some((lo, hi)) if lo == hi => format!("{lo}"),
        Some((lo, hi)) => format!("an int {lo}..={hi}"),
        None => "an int".to_string(),
    };
    match p.kind {
        Kind::Bool => "a bool".to_string(),
        Kind::Int => range,
        Kind::OptInt { none: "none" } => format!("None or {range}"),
        Kind::OptInt { none } => format!("{none:?} or {range}"),
        Kind::Choice { names } => {
            let quoted: Vec<String> = names.iter().map(|n| format!("{n:?}")).collect();
            format!("one of {}", quoted.join(", "))
        }
    }
}

/// Sets parameter `name` of `r` from a Python value: type errors are `ArgumentTypeError`,
/// values out of range `InvalidRulesError`.
fn set_param<R: PyRules>(r: &mut R, name: &str, v: &Bound<'_, PyAny>) -> PyResult<()> {
    let p = R::param(name).ok_or_else(|| {
        let names: Vec<&str> = R::PARAMS.iter().map(|p| p.name).collect();
        InvalidRulesError::new_err(format!(
            "unknown {} parameter {name:?}; allowed: {}",
            R::CLASS,
            names.join(", ")
        ))
    })?;
    let refused = |shown: String| {
        InvalidRulesError::new_err(format!("{name} must be {}, got {shown}", allowed(p)))
    };
    let text;
    let value = match p.kind {
        Kind::Bool => Value::Bool(extract_bool(v, name)?),
        Kind::OptInt { none: "none" } if v.is_none() => Value::Name("none"),
        Kind::OptInt { none } if none != "none" && v.is_instance_of::<PyString>() => {
            text = extract_str(v, name)?;
            if text != none {
                return Err(refused(format!("{text:?}")));
            }
            Value::Name(none)
        }
        Kind::Int | Kind::OptInt { .. } => {
            let x = extract_int(v, name).map_err(|_| {
                type_error(format!(
                    "{name} must be {}, got {}",
                    allowed(p),
                    type_name(v)
                ))
            })?;
            let value =
                Value::Int(x.within(i64::MIN.into()..=i64::MAX.into(), || refused(x.to_string()))?);
            p.check(value).map_err(|_| refused(x.to_string()))?;
            value
        }
        Kind::Choice { .. } => {
            text = extract_str(v, name)?;
            Value::Name(&text)
        }
    };
    p.check(value).map_err(|_| refused(value.to_string()))?;
    r.set(name, value).map_err(rules_error)
}

/// `base` with the keyword `params` set, validated.
pub fn build<R: PyRules>(mut base: R, params: Option<&Bound<'_, PyDict>>) -> PyResult<R> {
    if let Some(d) = params {
        for (k, v) in d.iter() {
            // A name with lone surrogates names no parameter, like any other unknown name.
            let name = k.cast::<PyString>().map_err(|_| {
                type_error(format!(
                    "{} parameter names are str, got {}",
                    R::CLASS,
                    type_name(&k)
                ))
            })?;
            set_param(&mut base, &name.to_string_lossy(), &v)?;
        }
    }
    base.validate().map_err(rules_error)?;
    Ok(base)
}

/// The constructor and `replace`: keyword parameters only, set on `base`.
pub fn new<R: PyRules>(
    base: R,
    args: &Bound<'_, PyTuple>,
    params: Option<&Bound<'_, PyDict>>,
) -> PyResult<R> {
    if !args.is_empty() {
        return Err(type_error(format!(
            "{} takes keyword arguments only (name=value, as in {}), got {} positional",
            R::CLASS,
            R::DOC,
            args.len()
        )));
    }
    build(base, params)
}

/// `Class.preset(name, **overrides)`: the name is the one positional argument.
pub fn preset<R: PyRules>(
    args: &Bound<'_, PyTuple>,
    overrides: Option<&Bound<'_, PyDict>>,
) -> PyResult<R> {
    let [name] =
        <[Bound<'_, PyAny>; 1]>::try_from(args.iter().collect::<Vec<_>>()).map_err(|a| {
            type_error(format!(
                "{}.preset takes one positional argument, the preset name (then name=value \
                 overrides), got {}",
                R::CLASS,
                a.len()
            ))
        })?;
    let n = extract_str(&name, "preset name")?;
    let base = R::preset(&n).ok_or_else(|| {
        let quoted: Vec<String> = R::presets().iter().map(|p| format!("{p:?}")).collect();
        InvalidRulesError::new_err(format!(
            "unknown {} preset {n:?}; allowed: {}",
            R::CLASS,
            quoted.join(", ")
        ))
    })?;
    build(base, overrides)
}

/// `Class._from_dict(params)`, the pickle reconstructor: the parameters as a dict.
pub fn from_dict<R: PyRules>(
    args: &Bound<'_, PyTuple>,
    kwargs: Option<&Bound<'_, PyDict>>,
) -> PyResult<R> {
    let call = format!("{}._from_dict()", R::CLASS);
    let ([params], []) = parse_args(&call, args, kwargs, ["params"], [])?;
    let params = params.cast::<PyDict>().map_err(|_| {
        type_error(format!(
            "{call} takes a dict of parameters, got {}",
            type_name(&params)
        ))
    })?;
    build(R::default(), Some(params))
}

/// The value of parameter `name` as Python sees it (None for an absent optional int).
pub fn get<'py, R: PyRules>(py: Python<'py>, r: &R, name: &str) -> PyResult<Bound<'py, PyAny>> {
    let (p, v) = R::param(name).zip(r.get(name)).ok_or_else(|| {
        PyAttributeError::new_err(format!("'{}' object has no attribute {name:?}", R::CLASS))
    })?;
    Ok(match (p.kind, v) {
        (_, Value::Bool(b)) => b.into_pyobject(py)?.to_owned().into_any(),
        (_, Value::Int(i)) => i.into_pyobject(py)?.into_any(),
        (Kind::OptInt { none: "none" }, Value::Name(_)) => py.None().into_bound(py),
        (_, Value::Name(n)) => n.into_pyobject(py)?.into_any(),
    })
}

/// Every parameter by name, in table order.
pub fn to_dict<'py, R: PyRules>(py: Python<'py>, r: &R) -> PyResult<Bound<'py, PyDict>> {
    let d = PyDict::new(py);
    for p in R::PARAMS {
        d.set_item(p.name, get(py, r, p.name)?)?;
    }
    Ok(d)
}

/// `Class(name=value, …)` listing the parameters that differ from the defaults.
pub fn repr<R: PyRules>(py: Python<'_>, r: &R) -> PyResult<String> {
    let default = R::default();
    let mut parts = Vec::new();
    for p in R::PARAMS {
        let v = get(py, r, p.name)?;
        if !v.eq(get(py, &default, p.name)?)? {
            parts.push(format!("{}={}", p.name, v.repr()?));
        }
    }
    Ok(format!("{}({})", R::CLASS, parts.join(", ")))
}

/// Declares the rules class `$py` wrapping the engine rules `$rules` (which implement
/// [`PyRules`]), with the class's own members after the shared ones.
macro_rules! rules_class {
    ($py:ident($rules:ty), $name:tt; $($members:tt)*) => {
        #[doc = $crate::docs::stub_doc!($name)]
        #[pyo3::pyclass(name = $name, module = "hearts_fast._core", frozen, eq, hash)]
        #[derive(Clone, Copy, PartialEq, Eq, Hash)]
        pub struct $py(pub $rules);

        impl $py {
            /// The `rules` argument of a constructor or function of this game.
            pub fn extract(obj: &pyo3::Bound<'_, pyo3::PyAny>) -> pyo3::PyResult<$rules> {
                obj.cast::<$py>().map(|r| r.get().0).map_err(|_| {
                    $crate::errors::type_error(format!(
                        "rules must be a {}, got {}",
                        $name,
                        $crate::convert::type_name(obj)
                    ))
                })
            }
        }

        impl $crate::rules::RulesArg for $rules {
            fn from_arg(obj: &pyo3::Bound<'_, pyo3::PyAny>) -> pyo3::PyResult<$rules> {
                $py::extract(obj)
            }
        }

        #[pyo3::pymethods]
        impl $py {
            #[new]
            #[pyo3(signature = (*args, **params))]
            fn new(
                args: &pyo3::Bound<'_, pyo3::types::PyTuple>,
                params: Option<&pyo3::Bound<'_, pyo3::types::PyDict>>,
            ) -> pyo3::PyResult<Self> {
                $crate::rules::new(<$rules>::default(), args, params).map(Self)
            }

            #[doc = $crate::docs::stub_doc!($name, "preset")]
            #[classmethod]
            #[pyo3(signature = (*args, **overrides), text_signature = "($cls, name, **overrides)")]
            fn preset(
                _cls: &pyo3::Bound<'_, pyo3::types::PyType>,
                args: &pyo3::Bound<'_, pyo3::types::PyTuple>,
                overrides: Option<&pyo3::Bound<'_, pyo3::types::PyDict>>,
            ) -> pyo3::PyResult<Self> {
                $crate::rules::preset(args, overrides).map(Self)
            }

            #[classattr]
            fn presets() -> Vec<&'static str> {
                <$rules as $crate::rules::PyRules>::presets()
            }

            #[classattr]
            fn parameters() -> Vec<&'static str> {
                <$rules as hearts_engine::core::rules::RuleSet>::PARAMS
                    .iter()
                    .map(|p| p.name)
                    .collect()
            }

            #[doc = $crate::docs::stub_doc!($name, "replace")]
            #[pyo3(signature = (*args, **overrides), text_signature = "($self, **overrides)")]
            fn replace(
                &self,
                args: &pyo3::Bound<'_, pyo3::types::PyTuple>,
                overrides: Option<&pyo3::Bound<'_, pyo3::types::PyDict>>,
            ) -> pyo3::PyResult<Self> {
                $crate::rules::new(self.0, args, overrides).map(Self)
            }

            fn __getattr__<'py>(
                &self,
                py: pyo3::Python<'py>,
                name: &str,
            ) -> pyo3::PyResult<pyo3::Bound<'py, pyo3::PyAny>> {
                $crate::rules::get(py, &self.0, name)
            }

            #[doc = $crate::docs::stub_doc!($name, "to_dict")]
            fn to_dict<'py>(
                &self,
                py: pyo3::Python<'py>,
            ) -> pyo3::PyResult<pyo3::Bound<'py, pyo3::types::PyDict>> {
                $crate::rules::to_dict(py, &self.0)
            }

            fn __repr__(&self, py: pyo3::Python<'_>) -> pyo3::PyResult<String> {
                $crate::rules::repr(py, &self.0)
            }

            /// The pickle reconstructor (see `__reduce__`).
            #[staticmethod]
            #[pyo3(signature = (*args, **kwargs))]
            fn _from_dict(
                args: &pyo3::Bound<'_, pyo3::types::PyTuple>,
                kwargs: Option<&pyo3::Bound<'_, pyo3::types::PyDict>>,
            ) -> pyo3::PyResult<Self> {
                $crate::rules::from_dict(args, kwargs).map(Self)
            }

            fn __reduce__<'py>(
                slf: &pyo3::Bound<'py, Self>,
            ) -> pyo3::PyResult<(
                pyo3::Bound<'py, pyo3::PyAny>,
                (pyo3::Bound<'py, pyo3::types::PyDict>,),
            )> {
                use pyo3::prelude::*;
                let params = $crate::rules::to_dict(slf.py(), &slf.get().0)?;
                Ok((slf.get_type().getattr("_from_dict")?, (params,)))
            }

            $($members)*
        }
    };
}

pub(crate) use rules_class;
