//! Engine invariants (docs/rules/hearts.md D) over random rules and random playouts, no Python:
//! legal plays are held cards, cards are conserved, Σ pen_i = V, chips are conserved.

mod common;

use common::random_rules;
use hearts_engine::hearts::policy::random_subset;
use hearts_engine::hearts::{HeartsGame, HeartsState, Phase, Scoring, CHIP_UNIT};
use hearts_engine::{CardSet, Rng};

fn act(s: &mut HeartsState, rng: &mut Rng) {
    if s.phase() == Phase::Pass {
        let seat = (0..s.num_players())
            .find(|&p| s.pending_passes() & (1 << p) != 0)
            .unwrap();
        if s.rules().pass_through && rng.below(4) == 0 {
            s.forward(seat).unwrap();
        } else {
            let cards = random_subset(s.hands()[usize::from(seat)], u32::from(s.pass_count()), rng);
            s.pass_cards(seat, cards).unwrap();
        }
    } else {
        let legal = s.legal_plays();
        let hand = s.hands()[usize::from(s.current_player().unwrap())];
        assert!(!legal.is_empty() && legal.is_subset(hand), "legal ⊆ hand");
        s.try_play(legal.nth(rng.below(legal.count())).unwrap())
            .unwrap();
    }
}

#[test]
fn random_hands_conserve_cards_and_points() {
    let mut rng = Rng::new(2026);
    for _ in 0..3000 {
        let rules = random_rules(&mut rng);
        let dealer = rng.below(u32::from(rules.players)) as u8;
        let mut s = HeartsState::deal(&rules, dealer, u64::from(rng.below(8)), &mut rng);
        let deck = rules.deck();
        while s.phase() != Phase::Over {
            act(&mut s, &mut rng);
            let held = s.hands().iter().fold(CardSet::EMPTY, |a, h| a | *h);
            let total: u32 = s.hands().iter().map(|h| h.count()).sum::<u32>()
                + s.played().count()
                + s.trick().cards().count();
            assert_eq!(total, deck.count(), "cards conserved");
            assert_eq!(held | s.played() | s.trick().cards(), deck);
        }
        assert_eq!(
            s.points().iter().sum::<u32>(),
            rules.total_penalty(),
            "Σ pen = V"
        );
        if let Some(m) = s.moon_shooter() {
            assert_eq!(s.points()[usize::from(m)], rules.total_penalty());
        }
    }
}

#[test]
fn random_games_conserve_chips_and_end() {
    let mut rng = Rng::new(7);
    for _ in 0..300 {
        let mut rules = random_rules(&mut rng);
        rules.max_hands = Some(rules.max_hands.unwrap_or(30));
        let mut g = HeartsGame::new(
            &rules,
            u64::from(rng.below(1000)),
            0,
            Vec::new(),
            Vec::new(),
        );
        let start: i64 = g.totals().iter().sum::<i64>() + g.pot();
        let mut guard = 0;
        while !g.is_over() {
            let s = *g.state();
            if s.phase() == Phase::Pass {
                let seat = (0..s.num_players())
                    .find(|&p| s.pending_passes() & (1 << p) != 0)
                    .unwrap();
                let cards = random_subset(
                    s.hands()[usize::from(seat)],
                    u32::from(s.pass_count()),
                    &mut rng,
                );
                g.pass_cards(seat, cards).unwrap();
            } else {
                let legal = s.legal_plays();
                g.try_play(legal.nth(rng.below(legal.count())).unwrap())
                    .unwrap();
            }
            guard += 1;
            assert!(guard < 100_000);
        }
        if rules.scoring == Scoring::Chips {
            assert_eq!(
                g.totals().iter().sum::<i64>() + g.pot(),
                start,
                "chips conserved"
            );
            assert_eq!(
                start,
                i64::from(rules.starting_chips) * CHIP_UNIT * i64::from(rules.players)
            );
        }
        assert!(g.winners() != 0);
        assert!(g.hands_played() <= rules.max_hands.unwrap() as usize);
    }
}
