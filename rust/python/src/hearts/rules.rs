//! `HeartsRules`: the keyword parameters of docs/rules/hearts.md A.1 and A.6.

use crate::convert::ids;
use crate::rules::{rules_class, PyRules};
use hearts_engine::hearts::{HeartsPreset, HeartsRules};

impl PyRules for HeartsRules {
    const CLASS: &'static str = "HeartsRules";
    const DOC: &'static str = "docs/rules/hearts.md A.1";

    fn presets() -> Vec<&'static str> {
        std::iter::once("default")
            .chain(HeartsPreset::ALL.iter().map(|p| p.name()))
            .collect()
    }

    /// "default" is every default, the same rules as "dame_de_pic".
    fn preset(name: &str) -> Option<HeartsRules> {
        if name == "default" {
            return Some(HeartsRules::default());
        }
        HeartsPreset::from_name(name).map(HeartsRules::preset)
    }
}

rules_class! {
    PyHeartsRules(HeartsRules), "HeartsRules";

    #[doc = crate::docs::stub_doc!("HeartsRules", "deck")]
    fn deck(&self) -> Vec<u32> {
        ids(self.0.deck())
    }

    #[doc = crate::docs::stub_doc!("HeartsRules", "penalty_cards")]
    fn penalty_cards(&self) -> Vec<u32> {
        ids(self.0.penalty_cards())
    }

    #[doc = crate::docs::stub_doc!("HeartsRules", "total_penalty")]
    fn total_penalty(&self) -> u32 {
        self.0.total_penalty()
    }
}
