//! `SpadesRules`: the keyword parameters of docs/rules/spades.md B.1.

use crate::convert::ids;
use crate::rules::{rules_class, PyRules};
use hearts_engine::spades::{SpadesPreset, SpadesRules};

impl PyRules for SpadesRules {
    const CLASS: &'static str = "SpadesRules";
    const DOC: &'static str = "B.1 of docs/rules/spades.md";

    fn presets() -> Vec<&'static str> {
        SpadesPreset::ALL.iter().map(|p| p.name()).collect()
    }

    #[doc = crate::docs::stub_doc!("SpadesRules", "preset")]
    fn preset(name: &str) -> Option<SpadesRules> {
        SpadesPreset::from_name(name).map(SpadesRules::preset)
    }
}

rules_class! {
    PySpadesRules(SpadesRules), "SpadesRules";

    #[doc = crate::docs::stub_doc!("SpadesRules", "deck")]
    fn deck(&self) -> Vec<u32> {
        ids(self.0.deck())
    }
}
