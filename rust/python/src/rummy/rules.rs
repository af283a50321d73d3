//! `RummyRules`: the keyword parameters of docs/rules/rummy.md C.1.

use crate::rules::{rules_class, PyRules};
use hearts_engine::rummy::{Multiset, RummyRules};

impl PyRules for RummyRules {
    const CLASS: &'static str = "RummyRules";
    const DOC: &'static str = "C.1 of docs/rules/rummy.md";

    fn presets() -> Vec<&'static str> {
        vec!["default"]
    }

    #[doc = crate::docs::stub_doc!("RummyRules", "preset")]
    fn preset(name: &str) -> Option<RummyRules> {
        (name == "default").then(RummyRules::default)
    }
}

rules_class! {
    PyRummyRules(RummyRules), "RummyRules";

    #[doc = crate::docs::stub_doc!("RummyRules", "deck")]
    #[allow(clippy::unused_self)]
    fn deck(&self) -> Vec<u32> {
        Multiset::deck().to_vec().into_iter().map(u32::from).collect()
    }
}
