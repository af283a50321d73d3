//! The `TrickTaking` trait on both games: one generic walk checks, at every step of random
//! play, that the legal plays lie in the mover's hand and are not empty until the hand is
//! over (A-16, B-16), that every card is in exactly one place (hands, completed tricks, the
//! current trick), and that the tricks taken add up to the tricks completed.

use hearts_engine::hearts::{HeartsRules, HeartsState, PassDirection};
use hearts_engine::spades::{sim::batch_state, SpadesRules};
use hearts_engine::{CardSet, Rng, Seat, TrickTaking};

fn walk<G: TrickTaking>(mut g: G, deck: CardSet, rng: &mut Rng) -> G {
    let n = g.num_players();
    loop {
        let hands = Seat::all(n).fold(CardSet::EMPTY, |m, s| {
            assert!((m & g.hand(s)).is_empty(), "a card in two hands");
            m | g.hand(s)
        });
        assert!((hands & g.played()).is_empty() && (hands & g.trick().cards()).is_empty());
        assert!((g.played() & g.trick().cards()).is_empty());
        assert_eq!(
            hands | g.played() | g.trick().cards(),
            deck,
            "cards conserved"
        );
        let taken: u32 = Seat::all(n).map(|s| u32::from(g.tricks_taken(s))).sum();
        for s in Seat::all(n) {
            let won = g.trick_winners().filter(|&w| w == s).count();
            assert_eq!(
                won,
                usize::from(g.tricks_taken(s)),
                "trick winners agree with tricks taken"
            );
        }
        assert_eq!(
            taken * u32::from(n),
            g.played().count(),
            "one trick per {n} cards"
        );
        let Some(seat) = g.to_play() else {
            assert!(g.is_over());
            assert!(g.legal_plays().is_empty());
            return g;
        };
        let legal = g.legal_plays();
        assert!(!legal.is_empty() && legal.is_subset(g.hand(seat)));
        let card = legal
            .into_iter()
            .nth(rng.below(legal.count()) as usize)
            .unwrap();
        g.play_unchecked(card);
    }
}

#[test]
fn hearts_and_spades_walk_the_same_way() {
    let mut rng = Rng::new(11);
    for players in 3..=7u8 {
        let rules = HeartsRules {
            players,
            pass_direction: PassDirection::Hold,
            early_end: false,
            ..Default::default()
        };
        for i in 0..50 {
            let s = HeartsState::deal(&rules, i % players, u64::from(i), &mut rng);
            let end = walk(s, rules.deck(), &mut rng);
            let total: i64 = Seat::all(players).map(|s| end.hand_result(s)).sum();
            // under the default rules: the hand scores add up to V, or to -V when
            // someone shot the moon (moon="subtract_self": the shooter scores -V).
            let v = i64::from(rules.total_penalty());
            assert!(total == v || total == -v, "{total}");
        }
    }
    for jokers in [false, true] {
        let rules = SpadesRules {
            jokers,
            ..Default::default()
        };
        for i in 0..50 {
            let mut s = batch_state(&rules, 3, i);
            // Bid 3 at every seat (legal under the default rules), then walk the play.
            while s.current_player().is_some() && s.to_play().is_none() {
                s.try_bid(3, false, None).unwrap();
            }
            let end = walk(s, rules.deck(), &mut rng);
            assert_eq!(
                end.hand_result(Seat::new(0).unwrap()),
                end.hand_result(Seat::new(2).unwrap())
            );
        }
    }
}
