//! A macro for rule-option enums: variant ↔ name tables, parsing and the list of allowed
//! names for error messages.

/// Declares `Copy` option enums (one or several in one call), each with `ALL`, `name()`,
/// `from_name()` and `allowed()`.
#[macro_export]
macro_rules! option_enum {
    ($($(#[$meta:meta])* $name:ident { $($(#[$vmeta:meta])* $variant:ident = $text:literal),+ $(,)? })+) => {$(
        $(#[$meta])*
        #[derive(Copy, Clone, Debug, Eq, PartialEq, Hash)]
        pub enum $name {
            $($(#[$vmeta])* #[doc = concat!("`", $text, "`")] $variant),+
        }

        impl $name {
            /// Every value, in declaration order.
            pub const ALL: &'static [$name] = &[$($name::$variant),+];

            /// The value's name as written in docs/rules/ (and the Python API).
            pub const fn name(self) -> &'static str {
                match self {
                    $($name::$variant => $text),+
                }
            }

            /// The value with this name, if any.
            pub fn from_name(s: &str) -> Option<$name> {
                match s {
                    $($text => Some($name::$variant),)+
                    _ => None,
                }
            }

            /// The allowed names, quoted and comma-separated, for error messages.
            pub fn allowed() -> String {
                Self::ALL.iter().map(|v| format!("{:?}", v.name())).collect::<Vec<_>>().join(", ")
            }
        }

        impl $crate::core::rules::ParamValue for $name {
            const KIND: $crate::core::rules::Kind =
                $crate::core::rules::Kind::Choice { names: &[$($text),+] };
            fn to_value(self) -> $crate::core::rules::Value<'static> {
                $crate::core::rules::Value::Name(self.name())
            }
            fn from_value(v: $crate::core::rules::Value<'_>) -> Option<$name> {
                match v {
                    $crate::core::rules::Value::Name(n) => $name::from_name(n),
                    _ => None,
                }
            }
        }

        impl std::fmt::Display for $name {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str(self.name())
            }
        }
    )+};
}
