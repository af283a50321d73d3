//! Property tests (proptest) of the engine invariants of the invariants (D) of docs/rules/ for the three games, over
//! random rule sets (every parameter drawn, then repaired into a valid combination), random
//! deals by seed and random play:
//!
//! - Hearts (A): the legal plays are a non-empty subset of the mover's hand until the hand is
//!   over; cards are conserved (hands + played + trick = the rules' deck, A-3, A-7); hand
//!   sizes are equal while passing (A-8..A-11); the points of a finished hand sum to the rules'
//!   total V; the batch simulator's hand i equals the state rebuilt for (seed, i) and
//!   stepped with the same policies.
//! - Spades (B): a legal bid exists while bidding, bids obey mirror / fourteen / suicide /
//!   team cap (B-7, B.3, B.6); legal plays ⊆ hand and non-empty (B-16); hands + plays = the deck
//!   (B-2, B.3 #5); 13 tricks (B-14); bag counters stay below `bags_limit` (B-20); batch equals
//!   stepping.
//! - Rummy (C): hands + stock + pile + melds = the 108 cards (C-2) after every action; every
//!   meld is valid (C-6..C-8); a position not over has a legal action and an over one none; a
//!   blocked player ends each turn holding [Q♠] and stays blocked (C-17); the going-out discard
//!   is never Q♠ (C-16, C-18); batch equals stepping.
//!
//! Each property runs a modest number of cases so that `cargo test` stays fast;
//! `PROPTEST_CASES=N` sets N for every property.

mod common;

use common::repair_spades;
use hearts_engine::batch::Columns;
use hearts_engine::batch::Stop;
use hearts_engine::hearts::{
    ChipsEnd, DeckAdjust, FirstLead, HeartsRules, HeartsState, Moon, PassCount, PassDirection,
    PassTable, Phase, Scoring,
};
use hearts_engine::rummy::{
    check_position, is_valid_meld, Action, Multiset, Phase as RummyPhase, RummyRules, RummyState,
    StockExhausted, QUEEN_OF_SPADES,
};
use hearts_engine::spades::policy::{play_out as spades_play_out, Policy as SpadesPolicy};
use hearts_engine::spades::{
    Boston, DeficientHand, FirstLead as SpadesFirstLead, NilTricks, Phase as SpadesPhase, Renege,
    SetPenalty, SpadesRules, SpadesState,
};
use hearts_engine::{CardSet, Rng, Tie};
use proptest::prelude::*;
use proptest::sample::select;
use proptest::test_runner::{FileFailurePersistence, TestCaseError};

// The batch simulators (one place, so that a move of the batch module changes only these).
use hearts_engine::hearts::sim::{batch_hand, outcome_of, Batch, HandsOut, Policy, TablePolicy};
use hearts_engine::policy_rng;
use hearts_engine::rummy::sim::{
    batch_state as rummy_batch_state, play_out as rummy_play_out, RummyBatch, RummyPolicy,
};
use hearts_engine::spades::sim::{
    batch_state as spades_batch_state, outcome_of as spades_outcome_of, SpadesBatch,
};

/// `default_cases` cases, or `PROPTEST_CASES` when set.
fn config(default_cases: u32) -> ProptestConfig {
    let cases = std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default_cases);
    ProptestConfig {
        cases,
        failure_persistence: Some(Box::new(FileFailurePersistence::WithSource(
            "proptest-regressions",
        ))),
        ..ProptestConfig::default()
    }
}

/// A uniformly random `k`-card subset of `hand`.
fn random_cards(hand: CardSet, k: u32, rng: &mut Rng) -> CardSet {
    let (mut left, mut out) = (hand, CardSet::EMPTY);
    for _ in 0..k {
        let c = left.nth(rng.below(left.count())).expect("k ≤ hand size");
        left.remove(c);
        out.insert(c);
    }
    out
}

fn union(sets: &[CardSet]) -> CardSet {
    sets.iter().fold(CardSet::EMPTY, |a, &h| a | h)
}

// ------------------------------------------------------------------------------- Hearts

/// Every HeartsRules parameter (A.1, A.6), repaired into a valid combination.
fn hearts_rules() -> impl Strategy<Value = HeartsRules> {
    let deal = (
        3u8..=7,
        select(DeckAdjust::ALL),
        prop_oneof![Just(PassCount::Auto), (0u8..=4).prop_map(PassCount::Fixed)],
        select(PassDirection::ALL),
        any::<bool>(),
        select(PassTable::ALL),
    );
    let play = (
        select(FirstLead::ALL),
        any::<bool>(),
        any::<bool>(),
        any::<bool>(),
        any::<bool>(),
        any::<bool>(),
        any::<bool>(),
    );
    let score = (
        select(Scoring::ALL),
        select(Moon::ALL),
        any::<bool>(),
        any::<bool>(),
        any::<bool>(),
        1u32..200,
        1u32..200,
        select(Tie::ALL),
        prop::option::of(1u32..8),
        select(vec![0u32, 5]),
        select(ChipsEnd::ALL),
    );
    (deal, play, score).prop_map(|(d, p, s)| {
        // Parameters added later keep their defaults.
        #[allow(clippy::needless_update)]
        let mut r = HeartsRules {
            players: d.0,
            deck_adjust: d.1,
            pass_count: d.2,
            pass_direction: d.3,
            pass_through: d.4,
            pass_table: d.5,
            first_lead: p.0,
            first_trick_no_points: p.1,
            hearts_must_be_broken: p.2,
            queen_breaks_hearts: p.3,
            early_end: p.4,
            can_lead_any_club: p.5,
            can_lead_hearts_instead_of_qs: p.6,
            scoring: s.0,
            moon: s.1,
            french_spades: s.2,
            jack_of_diamonds: s.3,
            moon_requires_jack: s.4,
            target: s.5,
            starting_chips: s.6,
            tie: s.7,
            max_hands: s.8,
            avoid_all_tricks_bonus: s.9,
            chips_end: s.10,
            ..HeartsRules::default()
        };
        // The combinations A.1 refuses.
        if r.first_lead != FirstLead::TwoOfClubs {
            r.can_lead_any_club = false;
        }
        if r.jack_of_diamonds && r.scoring == Scoring::Chips {
            r.scoring = Scoring::Positive;
        }
        if r.max_hands.is_none() {
            r.chips_end = ChipsEnd::Bust;
        }
        r.validate().expect("repaired rules are valid");
        r
    })
}

/// One random action: a pass (or a forward) for the first seat still to pass, else a random
/// legal play, after checking the legal set.
fn hearts_step(s: &mut HeartsState, rng: &mut Rng) -> Result<(), TestCaseError> {
    if s.phase() == Phase::Pass {
        let seat = (0..s.num_players())
            .find(|&p| s.pending_passes() >> p & 1 != 0)
            .expect("a seat still to pass");
        if s.rules().pass_through && rng.below(4) == 0 {
            s.forward(seat).expect("pass_through allows forwarding");
        } else {
            let hand = s.hands()[usize::from(seat)];
            let cards = random_cards(hand, u32::from(s.pass_count()), rng);
            s.pass_cards(seat, cards)
                .expect("a pass of pass_count held cards");
        }
        return Ok(());
    }
    let mover = s.current_player().expect("a mover while playing");
    let legal = s.legal_plays();
    let hand = s.hands()[usize::from(mover)];
    prop_assert!(!legal.is_empty(), "A-16: no legal play for seat {mover}");
    prop_assert!(legal.is_subset(hand), "A-16: a legal play not held");
    let card = legal.nth(rng.below(legal.count())).unwrap();
    s.try_play(card).expect("a legal play is accepted");
    Ok(())
}

fn hearts_conserved(s: &HeartsState) -> Result<(), TestCaseError> {
    let deck = s.rules().deck();
    let (held, played, trick) = (union(s.hands()), s.played(), s.trick().cards());
    let count: u32 =
        s.hands().iter().map(|h| h.count()).sum::<u32>() + played.count() + trick.count();
    prop_assert_eq!(count, deck.count(), "A-3: a card held or played twice");
    prop_assert_eq!(held | played | trick, deck, "A-3: cards conserved");
    Ok(())
}

fn hearts_policy() -> impl Strategy<Value = Policy> {
    select(Policy::ALL.to_vec())
}

proptest! {
    #![proptest_config(config(256))]

    #[test]
    fn hearts_hands_keep_the_invariants(
        rules in hearts_rules(),
        seed in any::<u64>(),
        dealer in 0u8..7,
        hand_index in 0u64..8,
        play_seed in any::<u64>(),
    ) {
        let dealer = dealer % rules.players;
        let mut s = HeartsState::deal(&rules, dealer, hand_index, &mut Rng::new(seed));
        let mut rng = Rng::new(play_seed);
        let dealt: Vec<u32> = s.hands().iter().map(|h| h.count()).collect();
        hearts_conserved(&s)?;
        let mut steps = 0;
        while s.phase() != Phase::Over {
            if s.phase() == Phase::Pass {
                let sizes: Vec<u32> = s.hands().iter().map(|h| h.count()).collect();
                prop_assert_eq!(&sizes, &dealt, "D-A: passing keeps the hand sizes");
            }
            hearts_step(&mut s, &mut rng)?;
            hearts_conserved(&s)?;
            steps += 1;
            prop_assert!(steps < 200, "the hand ends");
        }
        prop_assert!(s.legal_plays().is_empty(), "no legal play once over");
        prop_assert_eq!(s.current_player(), None);
        prop_assert_eq!(
            s.points()[..usize::from(rules.players)].iter().sum::<u32>(),
            rules.total_penalty(),
            "A-20: Σ pen_i = V"
        );
        if let Some(m) = s.moon_shooter() {
            prop_assert_eq!(s.points()[usize::from(m)], rules.total_penalty());
        }
    }

    #[test]
    fn hearts_batch_equals_stepping(
        rules in hearts_rules(),
        seed in any::<u64>(),
        start in 0u64..1_000_000,
        seats in prop::array::uniform7(hearts_policy()),
        block in 1usize..8,
    ) {
        let b = Batch { rules, seed, policy: TablePolicy(seats), deals: None, first: 0 };
        let (n, p) = (5, usize::from(rules.players));
        let mut out = HandsOut::new(n, p);
        hearts_engine::batch::fill(&b, out.rows(start), block, &Stop::new());
        for j in 0..n {
            let i = start + j as u64;
            let mut s = batch_hand(&b, i);
            let mut rng = policy_rng(seed, i);
            while b.policy.act(&mut s, &mut rng) {}
            prop_assert_eq!(s.phase(), Phase::Over);
            let o = outcome_of(&s);
            prop_assert_eq!(&out.points[j * p..(j + 1) * p], &o.points[..p], "hand {}", i);
            prop_assert_eq!(&out.hand_scores[j * p..(j + 1) * p], &o.hand_scores[..p]);
            prop_assert_eq!(&out.tricks[j * p..(j + 1) * p], &o.tricks[..p]);
            prop_assert_eq!(out.moon_shooter[j], o.moon);
            prop_assert_eq!(out.queen_taker[j], o.queen);
        }
    }
}

// ------------------------------------------------------------------------------- Spades

/// Every SpadesRules parameter (B.1, B.3, B.6), repaired into a valid combination.
fn spades_rules() -> impl Strategy<Value = SpadesRules> {
    let scores = (
        1i64..600,
        prop::option::of(-400i64..0),
        any::<bool>(),
        any::<bool>(),
        0i64..300,
        any::<bool>(),
        0i64..300,
        prop_oneof![Just(0i64), 0i64..200],
        select(NilTricks::ALL),
        select(SetPenalty::ALL),
    );
    let bags = (any::<bool>(), 1i64..12, 0i64..200);
    let play = (
        any::<bool>(),
        any::<bool>(),
        select(SpadesFirstLead::ALL),
        any::<bool>(),
        any::<bool>(),
        any::<bool>(),
        select(Boston::ALL),
        any::<bool>(),
        select(DeficientHand::ALL),
        select(Renege::ALL),
        any::<bool>(),
        0u8..4,
    );
    (scores, bags, play).prop_map(|(s, b, p)| {
        let r = SpadesRules {
            win_score: s.0,
            lose_score: s.1,
            negative_inverse_loses: s.2,
            nil: s.3,
            nil_value: s.4,
            blind_nil: s.5,
            blind_nil_value: s.6,
            blind_nil_min_deficit: s.7,
            nil_tricks: s.8,
            set_penalty: s.9,
            bags: b.0,
            bags_limit: b.1,
            bags_penalty: b.2,
            first_trick_no_spade_lead: p.0,
            spades_broken: p.1,
            first_lead: p.2,
            face_up_first_four: p.3,
            ten_for_two_hundred: p.4,
            jokers: p.5,
            boston: p.6,
            bemo: p.7,
            deficient_hand: p.8,
            renege: p.9,
            team_bid_cap: p.10,
            ..SpadesRules::default()
        };
        // At most one of mirror, fourteen_partnership, suicide (B.1); suicide needs nil.
        repair_spades(r, u32::from(p.11))
    })
}

/// Random bids (blind nils and bemos included when offered) and random legal plays to the
/// end, checking B-7 / B.3 / B-16 / B-2 on the way.
fn spades_play_hand(s: &mut SpadesState, rng: &mut Rng) -> Result<(), TestCaseError> {
    let r = *s.rules();
    let deck = r.deck();
    while s.phase() == SpadesPhase::Bid {
        let mask = s.legal_bids();
        prop_assert!(mask != 0, "B-7: no legal bid");
        if s.can_bid_blind() && rng.below(4) == 0 {
            s.try_bid(0, true, None).expect("blind nil offered");
            continue;
        }
        let bids: Vec<u8> = (0..14).filter(|&v| mask >> v & 1 != 0).collect();
        let value = bids[rng.below(bids.len() as u32) as usize];
        let bemo = (s.can_bemo() && rng.below(3) == 0)
            .then(|| hearts_engine::spades::Bemo::ALL[rng.below(2) as usize]);
        s.try_bid(value, false, bemo)
            .expect("a legal bid is accepted");
    }
    let bids = s.bids().map(Option::unwrap);
    for seat in 0..4usize {
        let (b, partner) = (bids[seat], bids[seat ^ 2]);
        if r.mirror {
            let spades = (s.hands()[seat] & CardSet::SPADE_SUIT).count();
            prop_assert_eq!(u32::from(b.value), spades, "B.3 #4: mirror bid");
        }
        if r.fourteen_partnership {
            prop_assert_eq!(b.value + partner.value, 7, "B.3 #6: team contract 7");
            prop_assert!((2..=5).contains(&b.value), "B.3 #6: bids 2..=5");
        }
        if r.suicide {
            prop_assert!(b.nil != partner.nil, "suicide: one nil per team");
            prop_assert!(b.nil || b.value >= 4, "suicide: the other bids ≥ 4");
        }
        if r.team_bid_cap && !r.mirror {
            prop_assert!(b.value + partner.value <= 13, "B.6: team bids ≤ 13");
        }
    }
    let mut steps = 0;
    while s.phase() == SpadesPhase::Play {
        let mover = usize::from(s.current_player().unwrap());
        let legal = s.legal_plays();
        prop_assert!(!legal.is_empty(), "B-16: no legal play");
        prop_assert!(
            legal.is_subset(s.hands()[mover]),
            "B-16: a legal play not held"
        );
        s.try_play(legal.nth(rng.below(legal.count())).unwrap())
            .expect("a legal play is accepted");
        let played: CardSet = s.plays().map(|(_, c)| c).collect();
        let count = s.hands().iter().map(|h| h.count()).sum::<u32>() + played.count();
        prop_assert_eq!(count, 52, "B-4: 52 cards");
        prop_assert_eq!(union(&s.hands()) | played, deck, "B-2: cards conserved");
        steps += 1;
        prop_assert!(steps <= 52);
    }
    Ok(())
}

fn spades_policies() -> impl Strategy<Value = [SpadesPolicy; 4]> {
    prop::array::uniform4(select(SpadesPolicy::ALL.to_vec()))
}

proptest! {
    #![proptest_config(config(256))]

    #[test]
    fn spades_hands_keep_the_invariants(
        rules in spades_rules(),
        seed in any::<u64>(),
        dealer in 0u8..4,
        bags in (0i64..12, 0i64..12),
        totals in (-300i64..600, -300i64..600),
        play_seed in any::<u64>(),
    ) {
        let bags = [bags.0 % rules.bags_limit, bags.1 % rules.bags_limit];
        let deal = hearts_engine::spades::deal_random(&rules, dealer, &mut Rng::new(seed));
        let mut s = SpadesState::new(&rules, deal, dealer, 0, [totals.0, totals.1], bags);
        prop_assert_eq!(union(&s.hands()), rules.deck(), "B-4: the deal is the deck");
        prop_assert!(s.hands().iter().all(|h| h.count() == 13), "B-4: 13 cards each");
        spades_play_hand(&mut s, &mut Rng::new(play_seed))?;
        prop_assert_eq!(s.phase(), SpadesPhase::Over);
        prop_assert!(s.legal_plays().is_empty() && s.current_player().is_none());
        let taken = s.tricks_taken();
        prop_assert_eq!(taken.iter().map(|&t| u32::from(t)).sum::<u32>(), 13, "B-14");
        prop_assert_eq!(s.trick_winners().len(), 13);
        for seat in 0..4u8 {
            let won: usize = s.trick_winners().iter().map(|&w| usize::from(w == seat)).sum();
            prop_assert_eq!(won, usize::from(taken[usize::from(seat)]));
        }
        let score = s.score();
        for t in 0..2 {
            if rules.bags {
                prop_assert!((0..rules.bags_limit).contains(&score.bags_after[t]), "B-20");
                prop_assert!(score.bags[t] >= 0);
            } else {
                prop_assert_eq!(score.bags_after[t], bags[t], "B-20: bags=false");
            }
        }
    }

    #[test]
    fn spades_batch_equals_stepping(
        rules in spades_rules(),
        seed in any::<u64>(),
        policies in spades_policies(),
        block in 1usize..10,
    ) {
        let b = SpadesBatch { rules, seed, policies };
        let n = 6;
        let out = hearts_engine::batch::simulate(&b, 0, n, block).unwrap();
        for j in 0..n {
            let i = j as u64;
            let mut s = spades_batch_state(&rules, seed, i);
            spades_play_out(&policies, &mut s, &mut policy_rng(seed, i));
            prop_assert_eq!(s.phase(), SpadesPhase::Over);
            let o = spades_outcome_of(&s);
            for k in 0..4 {
                prop_assert_eq!(out.bids[j * 4 + k], o.bids[k].value as i8, "hand {}", i);
                prop_assert_eq!(out.nil[j * 4 + k], o.bids[k].nil);
                prop_assert_eq!(out.blind[j * 4 + k], o.bids[k].blind);
                prop_assert_eq!(out.tricks[j * 4 + k], o.tricks[k]);
            }
            for t in 0..2 {
                prop_assert_eq!(i64::from(out.hand_scores[j * 2 + t]), o.score.scores[t]);
                prop_assert_eq!(i64::from(out.hand_bags[j * 2 + t]), o.score.bags[t]);
            }
        }
    }
}

// ------------------------------------------------------------------------------- rummy

/// Rummy rules (C.1) with small hands and a turn cap, so that random hands end quickly.
fn rummy_rules() -> impl Strategy<Value = RummyRules> {
    (
        2u8..=6,
        1u8..=9,
        select(vec![0i64, 10, 30]),
        select(vec![Some(1u8), None]),
        any::<bool>(),
        select(StockExhausted::ALL),
        20u32..150,
        0i64..200,
        0i64..100,
    )
        .prop_map(
            |(players, hand_size, open, jokers, up, stock, turns, q, j)| {
                let r = RummyRules {
                    players,
                    hand_size,
                    opening_min: open,
                    max_jokers_per_meld: jokers,
                    initial_upcard: up,
                    stock_exhausted: stock,
                    max_turns_per_hand: turns,
                    q_spades_value: q,
                    joker_value: j,
                    ..RummyRules::default()
                };
                r.validate().expect("valid rummy rules");
                r
            },
        )
}

fn rummy_cards(s: &RummyState) -> Multiset {
    let mut all = Multiset::from_ids(&s.stock()).plus(&Multiset::from_ids(s.pile()));
    for h in s.hands() {
        all = all.plus(h);
    }
    for m in s.melds().iter().flatten() {
        all = all.plus(&Multiset::from_ids(m));
    }
    all
}

fn rummy_checks(s: &RummyState) -> Result<(), TestCaseError> {
    prop_assert!(
        rummy_cards(s) == Multiset::deck(),
        "C-2: the 108 cards are conserved"
    );
    for m in s.melds().iter().flatten() {
        prop_assert!(
            is_valid_meld(s.rules(), m),
            "C-6..C-8: invalid meld {:?}",
            m
        );
    }
    let legal = s.legal_actions();
    if s.phase() == RummyPhase::Over {
        prop_assert!(legal.is_empty() && s.current_player().is_none());
    } else {
        prop_assert!(
            !legal.is_empty(),
            "no legal action in phase {:?}",
            s.phase()
        );
    }
    if let Err(e) = check_position(s) {
        prop_assert!(false, "an unreachable position: {}", e);
    }
    Ok(())
}

/// A deal as `RummyState::from_deal` accepts it: the shuffled deck cut into the hands, a
/// pile of `pile` cards (any size the deck leaves, bottom first) and the stock.
fn rummy_split_deal(rules: &RummyRules, seed: u64, pile: usize) -> RummyState {
    let mut deck = Multiset::deck().to_vec();
    Rng::new(seed).shuffle(&mut deck);
    let n = usize::from(rules.hand_size);
    let hands: Vec<Vec<u8>> = deck
        .chunks(n)
        .take(usize::from(rules.players))
        .map(<[u8]>::to_vec)
        .collect();
    let rest = &deck[n * usize::from(rules.players)..];
    let (pile, stock) = rest.split_at(pile.min(rest.len()));
    let zeros = vec![0; usize::from(rules.players)];
    RummyState::new(
        rules,
        &hands,
        stock,
        Some(pile),
        0,
        0,
        zeros,
        Rng::new(seed ^ 1),
        true,
    )
}

/// Plays `s` with uniformly random legal actions for at most `steps` actions, checking
/// every position reached.
fn rummy_random_steps(
    s: &mut RummyState,
    rng: &mut Rng,
    steps: usize,
) -> Result<(), TestCaseError> {
    for _ in 0..steps {
        let legal = s.legal_actions();
        if legal.is_empty() {
            break;
        }
        s.try_apply(&legal[rng.below(legal.len() as u32) as usize].clone())
            .expect("a legal action is accepted");
        rummy_checks(s)?;
    }
    Ok(())
}

proptest! {
    #![proptest_config(config(64))]

    #[test]
    fn rummy_hands_keep_the_invariants(
        rules in rummy_rules(),
        seed in any::<u64>(),
        dealer in 0u8..6,
        play_seed in any::<u64>(),
    ) {
        let dealer = dealer % rules.players;
        let zeros = vec![0; usize::from(rules.players)];
        let mut s = RummyState::deal(&rules, dealer, 0, zeros, Rng::new(seed));
        let mut rng = Rng::new(play_seed);
        let one_queen = Multiset::from_ids(&[QUEEN_OF_SPADES]);
        rummy_checks(&s)?;
        let mut steps = 0;
        while let Some(p) = s.current_player() {
            let legal = s.legal_actions();
            // A bias toward placing cards, so that hands open, go out and get blocked.
            let placing: Vec<&Action> = legal
                .iter()
                .filter(|a| !matches!(a, Action::End | Action::Draw))
                .collect();
            let a = if !placing.is_empty() && rng.below(4) != 0 {
                placing[rng.below(placing.len() as u32) as usize].clone()
            } else {
                legal[rng.below(legal.len() as u32) as usize].clone()
            };
            let was_blocked = s.blocked().to_vec();
            s.try_apply(&a).expect("a legal action is accepted");
            rummy_checks(&s)?;
            for (seat, &b) in was_blocked.iter().enumerate() {
                prop_assert!(!b || s.blocked()[seat], "C-17: a block is permanent");
            }
            if let Action::Discard(c) = a {
                let seat = usize::from(p);
                if s.went_out() == Some(p) {
                    prop_assert!(c != QUEEN_OF_SPADES, "C-18: went out on Q♠");
                    prop_assert!(s.hands()[seat].is_empty());
                } else if s.blocked()[seat] {
                    prop_assert!(s.hands()[seat] == one_queen, "C-17: blocked on [Q♠]");
                }
            }
            steps += 1;
            prop_assert!(steps < 20_000, "the hand ends");
        }
        prop_assert!(
            s.went_out().is_some() || s.turn() >= rules.max_turns_per_hand || s.stock_size() == 0,
            "C-19: a hand with nobody out ends at the turn cap or with an empty stock"
        );
    }

    /// Every position reached from any deal `from_deal` accepts (a pile of any size
    /// included) is reachable and has a legal action until the hand is over; the text of
    /// any of them reads back to the same position; the policies finish the hand from there
    /// within the turn cap.
    #[test]
    fn rummy_split_deals_keep_the_invariants_and_policies_finish(
        rules in rummy_rules(),
        seed in any::<u64>(),
        pile in 0usize..100,
        steps in 0usize..400,
        policies in prop::collection::vec(select(RummyPolicy::ALL), 6),
    ) {
        let mut s = rummy_split_deal(&rules, seed, pile);
        rummy_checks(&s)?;
        let mut rng = Rng::new(seed);
        rummy_random_steps(&mut s, &mut rng, steps)?;
        let back = RummyState::from_text(&s.to_text()).expect("a text reads back");
        prop_assert!(back == s, "the text round trip keeps the position");
        let mut played = back;
        let policies = &policies[..usize::from(rules.players)];
        prop_assert!(rummy_play_out(policies, &mut played, &mut rng).is_ok());
        prop_assert!(played.is_over() && played.turn() <= rules.max_turns_per_hand);
        rummy_checks(&played)?;
    }

    #[test]
    fn rummy_batch_equals_stepping(
        rules in rummy_rules(),
        seed in any::<u64>(),
        start in 0u64..1_000_000,
        policies in prop::collection::vec(select(RummyPolicy::ALL), 6),
    ) {
        let policies = &policies[..usize::from(rules.players)];
        let (n, p) = (3, usize::from(rules.players));
        let b = RummyBatch { rules, seed, policies };
        let out = hearts_engine::batch::simulate(&b, start, n, 2).unwrap();
        for j in 0..n {
            let i = start + j as u64;
            let mut s = rummy_batch_state(&rules, seed, i);
            rummy_play_out(policies, &mut s, &mut policy_rng(seed, i)).expect("a legal action");
            prop_assert_eq!(s.phase(), RummyPhase::Over);
            let scores: Vec<i32> = s.hand_scores().iter().map(|&v| v as i32).collect();
            prop_assert_eq!(&out.hand_scores[j * p..(j + 1) * p], &scores[..], "hand {}", i);
            prop_assert_eq!(&out.opened[j * p..(j + 1) * p], s.opened());
            prop_assert_eq!(out.went_out[j], s.went_out().map_or(-1, |w| w as i8));
            prop_assert_eq!(out.turns[j], s.turn());
        }
    }
}
