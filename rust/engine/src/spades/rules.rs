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

    /// `set_penalty` (B-17): the score of a set contract.
    SetPenalty { Undertricks = "undertricks", Bid = "bid", Zero = "zero" }

    /// `first_lead` (B-10, B.3 #7).
    FirstLead { LeftOfDealer = "left_of_dealer", LowestClub = "lowest_club" }

    /// `boston` (B.3 #8).
    Boston { Off = "off", Bonus = "bonus", WinsGame = "wins_game" }

    /// `deficient_hand` (B.3).
    DeficientHand { Off = "off", NoSpadesNoJqk = "no_spades_no_jqk" }

    /// `renege` (B-27).
    Renege { Prevent = "prevent", Penalize = "penalize" }

    /// The Spades presets (B.2 defaults, B.6).
    SpadesPreset { Default = "default", OpenSpiel = "openspiel" }

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

pub use crate::core::rules::{MAX_PARAM, MAX_TOTAL};

crate::rules! {
    /// Every Spades parameter of docs/rules/spades.md B.1 (with `team_bid_cap`, B.6), in
    /// that order; the defaults are B.1's.
    pub struct SpadesRules {
        /// `players` (B-1): Spades is two fixed partnerships.
        players: u8 = 4 => [4, 4],
        /// `win_score` (B-22).
        win_score: i64 = 500 => [1, MAX_PARAM],
        /// `lose_score` (B-22).
        lose_score: Option<i64> = None => [-MAX_PARAM, MAX_PARAM],
        /// `negative_inverse_loses` (B-22).
        negative_inverse_loses: bool = false,
        /// `nil` (B-7).
        nil: bool = true,
        /// `nil_value` (B-18).
        nil_value: i64 = 100 => [0, MAX_PARAM],
        /// `blind_nil` (B.3).
        blind_nil: bool = false,
        /// `blind_nil_value` (B-18).
        blind_nil_value: i64 = 100 => [0, MAX_PARAM],
        /// `blind_nil_min_deficit` (B.3).
        blind_nil_min_deficit: i64 = 0 => [0, MAX_PARAM],
        /// `nil_tricks` (B-19).
        nil_tricks: NilTricks = NilTricks::Bags,
        /// `set_penalty` (B-17).
        set_penalty: SetPenalty = SetPenalty::Undertricks,
        /// `bags` (B-20).
        bags: bool = true,
        /// `bags_limit` (B-20).
        bags_limit: i64 = 10 => [1, MAX_PARAM],
        /// `bags_penalty` (B-20).
        bags_penalty: i64 = 100 => [0, MAX_PARAM],
        /// `first_trick_no_spade_lead` (B-10).
        first_trick_no_spade_lead: bool = true,
        /// `spades_broken` (B-11).
        spades_broken: bool = false,
        /// `first_lead` (B-10, B.3 #7).
        first_lead: FirstLead = FirstLead::LeftOfDealer,
        /// `face_up_first_four` (B.3).
        face_up_first_four: bool = false,
        /// `ten_for_two_hundred` (B.3).
        ten_for_two_hundred: bool = false,
        /// `mirror` (B.3).
        mirror: bool = false,
        /// `jokers` (B.3 #5).
        jokers: bool = false,
        /// `fourteen_partnership` (B.3).
        fourteen_partnership: bool = false,
        /// `boston` (B.3 #8).
        boston: Boston = Boston::Off,
        /// `bemo` (B.3 #9).
        bemo: bool = false,
        /// `suicide` (B.3).
        suicide: bool = false,
        /// `deficient_hand` (B.3).
        deficient_hand: DeficientHand = DeficientHand::Off,
        /// `renege` (B-27).
        renege: Renege = Renege::Prevent,
        /// `tie` (0.6).
        tie: Tie = Tie::PlayOn,
        /// `max_hands`.
        max_hands: Option<u32> = None => [1, MAX_PARAM],
        /// `team_bid_cap` (B.6): partners' bids may not total more than 13.
        team_bid_cap: bool = false,
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
        self.check_ranges()?;
        let exclusive = [
            ("mirror", self.mirror),
            ("fourteen_partnership", self.fourteen_partnership),
            ("suicide", self.suicide),
        ];
        let on: Vec<&str> = exclusive.iter().filter(|x| x.1).map(|x| x.0).collect();
        if on.len() > 1 {
            return err(format!(
                "{} cannot be combined: at most one of mirror, fourteen_partnership and \
                 suicide may be on (their bid constraints conflict, B.1)",
                on.join(" and ")
            ));
        }
        if self.suicide && !self.nil {
            return err("suicide needs nil on (each team must bid one nil)".into());
        }
        if self.blind_nil && !self.nil {
            return err("blind_nil needs nil on (a blind nil is a nil)".into());
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
