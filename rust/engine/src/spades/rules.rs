//! The Spades rule parameters (docs/rules/spades.md B.1, B.3, B.6), their validation, the presets.

use crate::core::Card;
use crate::core::CardSet;
use crate::core::{RulesError, Tie};
use crate::option_enum;

option_enum! {
    /// `nil_tricks` (B-19): what the tricks of a nil bidder do.
    NilTricks {
        Bags = "bags",
        CountForPartner = "count_for_partner",
        Team = "team",
        Ignored = "ignored",
    }
}
option_enum! {
    /// `set_penalty` (B-17): the score of a set contract.
    SetPenalty { Undertricks = "undertricks", Bid = "bid", Zero = "zero" }
}
option_enum! {
    /// `first_lead` (B-10, B.3 #7).
    FirstLead { LeftOfDealer = "left_of_dealer", LowestClub = "lowest_club" }
}
option_enum! {
    /// `boston` (B.3 #8).
    Boston { Off = "off", Bonus = "bonus", WinsGame = "wins_game" }
}
option_enum! {
    /// `deficient_hand` (B.3).
    DeficientHand { Off = "off", NoSpadesNoJqk = "no_spades_no_jqk" }
}
option_enum! {
    /// `renege` (B-27).
    Renege { Prevent = "prevent", Penalize = "penalize" }
}
option_enum! {
    /// The Spades presets (B.2 defaults, B.6).
    SpadesPreset { Default = "default", OpenSpiel = "openspiel" }
}
option_enum! {
    /// A bemo declaration (B.3 #9): LITTLE = tricks 1–6, BIG = tricks 1–9.
    Bemo { Little = "little", Big = "big" }
}

impl Bemo {
    /// The tricks the team must win from the start, and the points at stake.
    pub const fn tricks_and_points(self) -> (usize, i64) {
        match self {
            Bemo::Little => (6, 60),
            Bemo::Big => (9, 90),
        }
    }
}

/// Largest magnitude of any integer rule parameter, an engine limit so that totals never
/// overflow (`win_score`, `lose_score`, the nil values, bag limit and penalty, `max_hands`).
pub const MAX_PARAM: i64 = 1_000_000;

/// Largest magnitude of a team total or resumed score accepted (an engine limit).
pub const MAX_TOTAL: i64 = 1_000_000_000_000;

/// Every Spades parameter of docs/rules/spades.md B.1 (with `team_bid_cap`, B.6).
#[derive(Copy, Clone, Debug, Eq, PartialEq, Hash)]
#[allow(missing_docs, clippy::struct_excessive_bools)]
pub struct SpadesRules {
    pub players: u8,
    pub win_score: i64,
    pub lose_score: Option<i64>,
    pub negative_inverse_loses: bool,
    pub nil: bool,
    pub nil_value: i64,
    pub blind_nil: bool,
    pub blind_nil_value: i64,
    pub blind_nil_min_deficit: i64,
    pub nil_tricks: NilTricks,
    pub set_penalty: SetPenalty,
    pub bags: bool,
    pub bags_limit: i64,
    pub bags_penalty: i64,
    pub first_trick_no_spade_lead: bool,
    pub spades_broken: bool,
    pub first_lead: FirstLead,
    pub face_up_first_four: bool,
    pub ten_for_two_hundred: bool,
    pub mirror: bool,
    pub jokers: bool,
    pub fourteen_partnership: bool,
    pub boston: Boston,
    pub bemo: bool,
    pub suicide: bool,
    pub deficient_hand: DeficientHand,
    pub renege: Renege,
    pub tie: Tie,
    pub max_hands: Option<u32>,
    pub team_bid_cap: bool,
}

impl Default for SpadesRules {
    /// The B.1 defaults.
    fn default() -> Self {
        SpadesRules {
            players: 4,
            win_score: 500,
            lose_score: None,
            negative_inverse_loses: false,
            nil: true,
            nil_value: 100,
            blind_nil: false,
            blind_nil_value: 100,
            blind_nil_min_deficit: 0,
            nil_tricks: NilTricks::Bags,
            set_penalty: SetPenalty::Undertricks,
            bags: true,
            bags_limit: 10,
            bags_penalty: 100,
            first_trick_no_spade_lead: true,
            spades_broken: false,
            first_lead: FirstLead::LeftOfDealer,
            face_up_first_four: false,
            ten_for_two_hundred: false,
            mirror: false,
            jokers: false,
            fourteen_partnership: false,
            boston: Boston::Off,
            bemo: false,
            suicide: false,
            deficient_hand: DeficientHand::Off,
            renege: Renege::Prevent,
            tie: Tie::PlayOn,
            max_hands: None,
            team_bid_cap: false,
        }
    }
}

impl SpadesRules {
    /// The rules of a preset: `default` (B.1) or `openspiel` (B.6; single-hand scoring is
    /// `max_hands = 1`, "partners' bids may not total more than 13" is `team_bid_cap`, and
    /// the nil bidders' tricks count for the team, B-19 `team`).
    ///
    /// ```
    /// use hearts_engine::spades::{NilTricks, SpadesPreset, SpadesRules, SetPenalty};
    /// let r = SpadesRules::preset(SpadesPreset::OpenSpiel);
    /// assert_eq!(r.set_penalty, SetPenalty::Bid);
    /// assert_eq!(r.nil_tricks, NilTricks::Team);
    /// assert!(r.spades_broken && r.team_bid_cap && !r.first_trick_no_spade_lead);
    /// ```
    pub fn preset(preset: SpadesPreset) -> SpadesRules {
        let base = SpadesRules::default();
        match preset {
            SpadesPreset::Default => base,
            SpadesPreset::OpenSpiel => SpadesRules {
                set_penalty: SetPenalty::Bid,
                nil_tricks: NilTricks::Team,
                spades_broken: true,
                first_trick_no_spade_lead: false,
                max_hands: Some(1),
                team_bid_cap: true,
                ..base
            },
        }
    }

    /// Checks ranges and the invalid combinations (B.1 and the API contract).
    ///
    /// ```
    /// use hearts_engine::spades::SpadesRules;
    /// let bad = SpadesRules { mirror: true, suicide: true, ..Default::default() };
    /// assert!(bad.validate().is_err());
    /// ```
    pub fn validate(&self) -> Result<(), RulesError> {
        let err = |s: String| Err(RulesError(s));
        if self.players != 4 {
            return err(format!(
                "players must be 4 (Spades is two fixed partnerships, B-1), got {}",
                self.players
            ));
        }
        let m = MAX_PARAM;
        for (name, v, min) in [
            ("win_score", self.win_score, 1),
            ("nil_value", self.nil_value, 0),
            ("blind_nil_value", self.blind_nil_value, 0),
            ("blind_nil_min_deficit", self.blind_nil_min_deficit, 0),
            ("bags_limit", self.bags_limit, 1),
            ("bags_penalty", self.bags_penalty, 0),
        ] {
            if v < min || v > m {
                return err(format!("{name} must be {min}..={m}, got {v}"));
            }
        }
        if let Some(l) = self.lose_score {
            if !(-m..=m).contains(&l) {
                return err(format!("lose_score must be None or -{m}..={m}, got {l}"));
            }
        }
        if let Some(h) = self.max_hands {
            if h < 1 || i64::from(h) > m {
                return err(format!("max_hands must be None or 1..={m}, got {h}"));
            }
        }
        let exclusive = [
            ("mirror", self.mirror),
            ("fourteen_partnership", self.fourteen_partnership),
            ("suicide", self.suicide),
        ];
        let on: Vec<&str> = exclusive.iter().filter(|x| x.1).map(|x| x.0).collect();
        if on.len() > 1 {
            return err(format!(
                "{} cannot be combined: at most one of mirror, fourteen_partnership and \
                 suicide may be True (their bid constraints conflict, B.1)",
                on.join(" and ")
            ));
        }
        if self.suicide && !self.nil {
            return err("suicide=True needs nil=True (each team must bid one nil)".into());
        }
        if self.blind_nil && !self.nil {
            return err("blind_nil=True needs nil=True (a blind nil is a nil)".into());
        }
        Ok(())
    }

    /// Whether the bids are constrained by mirror, fourteen partnership or suicide.
    pub const fn forced_bids(&self) -> bool {
        self.mirror || self.fourteen_partnership || self.suicide
    }

    /// The 52 cards in play: the French deck, or with `jokers` minus 2♣ 2♦ plus both jokers.
    ///
    /// ```
    /// use hearts_engine::spades::SpadesRules;
    /// let r = SpadesRules { jokers: true, ..Default::default() };
    /// assert_eq!(r.deck().count(), 52);
    /// assert!(!r.deck().contains(hearts_engine::Card::TWO_OF_CLUBS));
    /// ```
    pub const fn deck(&self) -> CardSet {
        if self.jokers {
            CardSet((CardSet::FULL.0 & !(1 | 1 << 13)) | CardSet::JOKERS.0)
        } else {
            CardSet::FULL
        }
    }

    /// The lowest club in the deck: 2♣, or 3♣ with jokers (B.3 #7).
    pub const fn lowest_club(&self) -> Card {
        if self.jokers {
            Card::new_unchecked(1)
        } else {
            Card::TWO_OF_CLUBS
        }
    }
}
