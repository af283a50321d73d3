//! Rule sets declared once: the [`rules!`](crate::rules) macro turns one list of parameters
//! (name, type, default, allowed range, doc) into the rules struct, its `Default`, the
//! ordered parameter table [`Param`], typed get/set by name through [`Value`], the range
//! checks, and the `name=value` text form. Every game declares its rules with it, and the
//! binding and the tests read the same table.

use super::RulesError;
use std::fmt;

/// Largest magnitude of any integer rule parameter (a target, a score value, a limit), an
/// engine limit of every game so that no total can overflow.
pub const MAX_PARAM: i64 = 1_000_000;

/// Largest magnitude of a running total (a player's or team's score) a hand or game resumes
/// from, an engine limit of every game.
pub const MAX_TOTAL: i64 = 1_000_000_000_000;

/// The value of one rule parameter, as the parameter table exchanges it.
#[derive(Copy, Clone, Debug, Eq, PartialEq, Hash)]
pub enum Value<'a> {
    /// A flag.
    Bool(bool),
    /// An integer.
    Int(i64),
    /// One of the names of a choice (or the "no value" name of an optional integer, such
    /// as `none`, `auto` or `unlimited`).
    Name(&'a str),
}

impl fmt::Display for Value<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Value::Bool(b) => write!(f, "{b}"),
            Value::Int(i) => write!(f, "{i}"),
            Value::Name(s) => f.write_str(s),
        }
    }
}

/// What values a parameter takes.
#[derive(Copy, Clone, Debug, Eq, PartialEq, Hash)]
pub enum Kind {
    /// `true` or `false`.
    Bool,
    /// An integer in the parameter's range.
    Int,
    /// An integer in the parameter's range, or the name `none` stands for no value.
    OptInt {
        /// The name of "no value".
        none: &'static str,
    },
    /// One of these names.
    Choice {
        /// The allowed names, in declaration order.
        names: &'static [&'static str],
    },
}

/// One row of a rules struct's parameter table.
#[derive(Copy, Clone, Debug, Eq, PartialEq, Hash)]
pub struct Param {
    /// The parameter's name (the struct field and the keyword).
    pub name: &'static str,
    /// What values it takes.
    pub kind: Kind,
    /// The allowed integers, inclusive (for `Int` and `OptInt`).
    pub range: Option<(i64, i64)>,
}

impl Param {
    /// The allowed values, in words for an error message: `3..=7`, `none or 1..=1000000`,
    /// `true or false`, `"left", "right"`.
    pub fn allowed(&self) -> String {
        let range = self.range.map_or_else(
            || "an integer".to_string(),
            |(lo, hi)| format!("{lo}..={hi}"),
        );
        match self.kind {
            Kind::Bool => "true or false".into(),
            Kind::Int => range,
            Kind::OptInt { none } => format!("{none} or {range}"),
            Kind::Choice { names } => names
                .iter()
                .map(|n| format!("{n:?}"))
                .collect::<Vec<_>>()
                .join(", "),
        }
    }

    /// `value` if this parameter accepts it (type and range), else the error saying what is
    /// allowed.
    pub fn check(&self, value: Value<'_>) -> Result<(), RulesError> {
        let ok = match (self.kind, value) {
            (Kind::Bool, Value::Bool(_)) => true,
            (Kind::Int | Kind::OptInt { .. }, Value::Int(i)) => {
                self.range.map_or(true, |(lo, hi)| (lo..=hi).contains(&i))
            }
            (Kind::OptInt { none }, Value::Name(n)) => n == none,
            (Kind::Choice { names }, Value::Name(n)) => names.contains(&n),
            _ => false,
        };
        if ok {
            Ok(())
        } else {
            Err(RulesError(format!(
                "{} must be {}, got {value}",
                self.name,
                self.allowed()
            )))
        }
    }

    /// Reads this parameter's value from its text (`true`, `500`, `none`, `left`).
    pub fn parse<'a>(&self, text: &'a str) -> Result<Value<'a>, RulesError> {
        let v = match self.kind {
            Kind::Bool => match text {
                "true" => Value::Bool(true),
                "false" => Value::Bool(false),
                _ => Value::Name(text),
            },
            // Canonical decimal only ("7", "-3"; not "+7", "07" or " 7"), so a text has one
            // spelling.
            Kind::Int | Kind::OptInt { .. } => match text.parse::<i64>() {
                Ok(i) if i.to_string() == text => Value::Int(i),
                _ => Value::Name(text),
            },
            Kind::Choice { .. } => Value::Name(text),
        };
        self.check(v)?;
        Ok(v)
    }
}

/// A type a rule parameter can have: how it converts to and from a [`Value`].
pub trait ParamValue: Copy {
    /// What values the type takes (before the parameter's range).
    const KIND: Kind;
    /// The value.
    fn to_value(self) -> Value<'static>;
    /// The parameter's value from a checked [`Value`]; `None` if it does not fit the type.
    fn from_value(v: Value<'_>) -> Option<Self>;
}

impl ParamValue for bool {
    const KIND: Kind = Kind::Bool;
    fn to_value(self) -> Value<'static> {
        Value::Bool(self)
    }
    fn from_value(v: Value<'_>) -> Option<bool> {
        match v {
            Value::Bool(b) => Some(b),
            _ => None,
        }
    }
}

macro_rules! int_param {
    ($($t:ty),*) => {$(
        impl ParamValue for $t {
            const KIND: Kind = Kind::Int;
            fn to_value(self) -> Value<'static> {
                Value::Int(i64::from(self))
            }
            fn from_value(v: Value<'_>) -> Option<$t> {
                match v {
                    Value::Int(i) => <$t>::try_from(i).ok(),
                    _ => None,
                }
            }
        }

        impl ParamValue for Option<$t> {
            const KIND: Kind = Kind::OptInt { none: "none" };
            fn to_value(self) -> Value<'static> {
                self.map_or(Value::Name("none"), |x| Value::Int(i64::from(x)))
            }
            fn from_value(v: Value<'_>) -> Option<Option<$t>> {
                match v {
                    Value::Int(i) => <$t>::try_from(i).ok().map(Some),
                    Value::Name("none") => Some(None),
                    _ => None,
                }
            }
        }
    )*};
}

int_param!(u8, u32, i64);

/// A rule set declared with [`rules!`](crate::rules) and given its cross-parameter checks
/// with [`rule_set!`](crate::rule_set): the one surface through which the text form, the
/// binding and the tests read and write every game's rules.
///
/// ```
/// use hearts_engine::core::rules::{RuleSet, Value};
/// use hearts_engine::spades::SpadesRules;
/// fn flags<R: RuleSet>(r: &R) -> usize {
///     R::PARAMS.iter().filter(|p| matches!(r.get(p.name), Some(Value::Bool(true)))).count()
/// }
/// let mut r = SpadesRules::default();
/// let before = flags(&r);
/// RuleSet::set_text(&mut r, "mirror", "true").unwrap();
/// assert_eq!(flags(&r), before + 1);
/// assert!(RuleSet::set_text(&mut r, "mirror", "yes").is_err());
/// ```
pub trait RuleSet: Copy + Default + Eq {
    /// Every parameter in documentation order, with its kind and range.
    const PARAMS: &'static [Param];

    /// The value of parameter `name` (`None` for an unknown name).
    fn get(&self, name: &str) -> Option<Value<'static>>;

    /// Sets parameter `name` after checking its type and range; a refused value changes
    /// nothing.
    fn set(&mut self, name: &str, value: Value<'_>) -> Result<(), RulesError>;

    /// Checks the whole set: every range and the rules that tie parameters together.
    fn validate(&self) -> Result<(), RulesError>;

    /// The number of players these rules seat (every game's `players` parameter).
    fn players(&self) -> u8;

    /// The table row of parameter `name`.
    fn param(name: &str) -> Option<&'static Param> {
        Self::PARAMS.iter().find(|p| p.name == name)
    }

    /// Parameter `name` as text (`true`, `500`, `none`, `left`); `None` for an unknown name.
    fn get_text(&self, name: &str) -> Option<String> {
        self.get(name).map(|v| v.to_string())
    }

    /// Sets parameter `name` from its text.
    fn set_text(&mut self, name: &str, text: &str) -> Result<(), RulesError> {
        let param =
            Self::param(name).ok_or_else(|| RulesError(format!("unknown parameter {name:?}")))?;
        let value = param.parse(text)?;
        self.set(name, value)
    }
}

/// Implements [`RuleSet`] for a struct declared with [`rules!`](crate::rules) that has a
/// `validate(&self) -> Result<(), RulesError>` method.
#[macro_export]
macro_rules! rule_set {
    ($name:ty) => {
        impl $crate::core::rules::RuleSet for $name {
            const PARAMS: &'static [$crate::core::rules::Param] = <$name>::PARAMS;
            fn get(&self, name: &str) -> Option<$crate::core::rules::Value<'static>> {
                <$name>::get(self, name)
            }
            fn set(
                &mut self,
                name: &str,
                value: $crate::core::rules::Value<'_>,
            ) -> Result<(), $crate::core::RulesError> {
                <$name>::set(self, name, value)
            }
            fn validate(&self) -> Result<(), $crate::core::RulesError> {
                <$name>::validate(self)
            }
            fn players(&self) -> u8 {
                self.players
            }
        }
    };
}

/// Declares a rules struct from one parameter list.
///
/// Each parameter is `name: Type = default`, then optionally `=> [lo, hi]` (its integer
/// range) and `or "name"` (the name of "no value" of an `Option` other than `none`), in the
/// order of the rules documentation. The macro generates the struct (public fields),
/// `Default`, `PARAMS` (the ordered [`Param`](crate::core::rules::Param) table),
/// `get`/`set` by name with type and range checks, `check_ranges`, and
/// `param_text`/`set_param_text`/`to_text`/`from_text` for the `name=value` text form.
///
/// ```
/// use hearts_engine::core::rules::Value;
/// hearts_engine::rules! {
///     /// A toy rule set.
///     pub struct Toy {
///         /// Players.
///         players: u8 = 4 => [2, 6],
///         /// A flag.
///         bonus: bool = false,
///         /// An optional limit.
///         max_hands: Option<u32> = None => [1, 100],
///         /// Another, whose "no value" is called `unlimited`.
///         jokers: Option<u8> = Some(1) => [0, 4] or "unlimited",
///     }
/// }
/// let mut r = Toy::default();
/// assert_eq!(r.to_text(), "players=4 bonus=false max_hands=none jokers=1");
/// r.set("players", Value::Int(5)).unwrap();
/// assert!(r.set("players", Value::Int(9)).is_err());
/// assert_eq!(r.players, 5);
/// let t = Toy::from_text("max_hands=7 jokers=unlimited").unwrap();
/// assert_eq!((t.max_hands, t.jokers), (Some(7), None));
/// assert_eq!(t.get("jokers"), Some(Value::Name("unlimited")));
/// assert_eq!(Toy::PARAMS[0].name, "players");
/// assert!(Toy::from_text("players=05").is_err()); // one spelling per value
/// ```
#[macro_export]
macro_rules! rules {
    (
        $(#[$meta:meta])*
        pub struct $name:ident {
            $(
                $(#[$fmeta:meta])*
                $field:ident : $ty:ty = $default:expr $(=> [$lo:expr, $hi:expr] $(or $none:literal)?)?
            ),+ $(,)?
        }
    ) => {
        $(#[$meta])*
        #[derive(Copy, Clone, Debug, Eq, PartialEq, Hash)]
        pub struct $name {
            $($(#[$fmeta])* pub $field: $ty,)+
        }

        impl Default for $name {
            fn default() -> Self {
                $name { $($field: $default,)+ }
            }
        }

        #[allow(dead_code, clippy::unnecessary_cast)]
        impl $name {
            /// Every parameter in documentation order, with its kind and range.
            pub const PARAMS: &'static [$crate::core::rules::Param] = &[$(
                $crate::core::rules::Param {
                    name: stringify!($field),
                    kind: $crate::rules!(@kind $ty $($(, $none)?)?),
                    range: $crate::rules!(@range $($lo, $hi)?),
                },
            )+];

            /// The parameter names, in table order.
            pub const PARAM_NAMES: &'static [&'static str] = &[$(stringify!($field)),+];

            /// The parameter table row of `name`.
            pub fn param(name: &str) -> Option<&'static $crate::core::rules::Param> {
                Self::PARAMS.iter().find(|p| p.name == name)
            }

            /// The value of parameter `name` (`None` for an unknown name).
            pub fn get(&self, name: &str) -> Option<$crate::core::rules::Value<'static>> {
                #[allow(unused_imports)]
                use $crate::core::rules::{ParamValue, Value};
                match name {
                    $(stringify!($field) => {
                        let v = self.$field.to_value();
                        $($(let v = if v == Value::Name("none") { Value::Name($none) } else { v };)?)?
                        Some(v)
                    })+
                    _ => None,
                }
            }

            /// Sets parameter `name` after checking its type and range (cross-parameter
            /// rules are checked by `validate`). A refused value changes nothing.
            pub fn set(
                &mut self,
                name: &str,
                value: $crate::core::rules::Value<'_>,
            ) -> Result<(), $crate::core::RulesError> {
                #[allow(unused_imports)]
                use $crate::core::rules::{ParamValue, Value};
                let param = Self::param(name).ok_or_else(|| {
                    $crate::core::RulesError(format!(
                        "unknown parameter {name:?}; the parameters are {}",
                        Self::PARAMS.iter().map(|p| p.name).collect::<Vec<_>>().join(", ")
                    ))
                })?;
                param.check(value)?;
                let bad = || $crate::core::RulesError(format!(
                    "{name} must be {}, got {value}", param.allowed()
                ));
                match name {
                    $(stringify!($field) => {
                        $($(let value = if value == Value::Name($none) { Value::Name("none") } else { value };)?)?
                        self.$field = <$ty as ParamValue>::from_value(value).ok_or_else(bad)?;
                    })+
                    _ => {}
                }
                Ok(())
            }

            /// Checks every parameter against its range.
            pub fn check_ranges(&self) -> Result<(), $crate::core::RulesError> {
                for p in Self::PARAMS {
                    if let Some(v) = self.get(p.name) {
                        p.check(v)?;
                    }
                }
                Ok(())
            }

            /// Parameter `name` as text (`true`, `500`, `none`, `left`).
            pub fn param_text(&self, name: &str) -> Option<String> {
                self.get(name).map(|v| v.to_string())
            }

            /// Sets parameter `name` from its text.
            pub fn set_param_text(
                &mut self,
                name: &str,
                text: &str,
            ) -> Result<(), $crate::core::RulesError> {
                let param = Self::param(name).ok_or_else(|| {
                    $crate::core::RulesError(format!("unknown parameter {name:?}"))
                })?;
                let v = param.parse(text)?;
                self.set(name, v)
            }

            /// Every parameter as `name=value`, space-separated, in table order.
            pub fn to_text(&self) -> String {
                Self::PARAMS
                    .iter()
                    .map(|p| format!("{}={}", p.name, self.param_text(p.name).unwrap_or_default()))
                    .collect::<Vec<_>>()
                    .join(" ")
            }

            /// Rules from `name=value` words (missing parameters keep their defaults); the
            /// ranges are checked, the cross-parameter rules are left to `validate`.
            pub fn from_text(text: &str) -> Result<Self, $crate::core::RulesError> {
                let mut r = Self::default();
                for word in text.split_whitespace() {
                    let (k, v) = word.split_once('=').ok_or_else(|| {
                        $crate::core::RulesError(format!("expected name=value, got {word:?}"))
                    })?;
                    r.set_param_text(k, v)?;
                }
                Ok(r)
            }
        }
    };
    (@range $lo:expr, $hi:expr) => { Some(($lo as i64, $hi as i64)) };
    (@range) => { None };
    (@kind $ty:ty, $none:literal) => { $crate::core::rules::Kind::OptInt { none: $none } };
    (@kind $ty:ty) => { <$ty as $crate::core::rules::ParamValue>::KIND };
}
