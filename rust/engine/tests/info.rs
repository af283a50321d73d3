//! What a seat knows and the worlds that agree with it (`hearts_engine::info`), on random
//! hands of every rule set: the real hands are always a world; every sampled world replays
//! the hand's public actions legally and gives the seat the same observation; counts equal
//! enumeration on small endgames. The exact uniformity and the oracle of consistency (every
//! deal whose replay is legal, by brute force) are checked from Python against the reference
//! (`tests/test_info.py`).

mod common;

use common::{random_rules, random_spades_rules};
use hearts_engine::hearts::info::HeartsInfo;
use hearts_engine::hearts::{Action, HandLog, HeartsState, Phase as HeartsPhase};
use hearts_engine::info::{Worlds, MAX_SEATS};
use hearts_engine::spades::info::SpadesInfo;
use hearts_engine::spades::{sim::batch_state, Bemo, Phase as SpadesPhase};
use hearts_engine::{Card, CardSet, Rng};

fn nth(set: CardSet, rng: &mut Rng) -> Card {
    set.into_iter()
        .nth(rng.below(set.count()) as usize)
        .unwrap()
}

/// A Hearts hand with random passes (forwards where allowed) and `plays` random plays.
fn hearts_log(rng: &mut Rng) -> HandLog {
    let rules = random_rules(rng);
    let dealer = rng.below(u32::from(rules.players)) as u8;
    let s = HeartsState::deal(&rules, dealer, u64::from(rng.below(4)), rng);
    let mut log = HandLog::new(s);
    let mut s = s;
    let stop_passing = rng.below(6) == 0;
    while s.phase() == HeartsPhase::Pass {
        let pending = s.pending_passes();
        let seat = (0..s.num_players())
            .find(|&t| pending >> t & 1 == 1)
            .unwrap();
        if stop_passing && rng.below(2) == 0 {
            return log;
        }
        let a = if rng.below(4) == 0 && s.forward(seat).is_ok() {
            Action::Forward(seat)
        } else {
            let k = usize::from(s.pass_count());
            let hand = s.hands()[usize::from(seat)];
            let mut cards = CardSet::EMPTY;
            while cards.count() < k as u32 {
                cards.insert(nth(hand - cards, rng));
            }
            s.pass_cards(seat, cards).unwrap();
            Action::Pass(seat, cards)
        };
        log.record(a);
    }
    let plays = rng.below(60);
    for _ in 0..plays {
        if s.phase() != HeartsPhase::Play {
            break;
        }
        let c = nth(s.legal_plays(), rng);
        s.play_unchecked(c);
        log.record(Action::Play(c));
    }
    log
}

/// A text with one of its cards changed into another is refused or reads as another
/// observation, and never panics.
fn assert_tampering_refused(text: &str, reads: impl Fn(&str) -> bool) {
    for (from, to) in [
        ("2C", "3C"),
        ("QS", "KS"),
        ("AH", "2H"),
        ("0", "1"),
        ("1", "2"),
    ] {
        let changed = text.replacen(from, to, 1);
        if changed != text {
            let _ = reads(&changed);
        }
    }
    // Dropping the last line is always refused.
    let cut = text.trim_end().rsplit_once('\n').map_or("", |(a, _)| a);
    assert!(!reads(cut), "a text without its last line was read:\n{cut}");
}

fn check_worlds(worlds: &mut Worlds, real: &[CardSet], what: &str) {
    let h = *worlds.hidden();
    let n = usize::from(h.seats);
    for s in 0..n {
        assert!(h.known[s].is_subset(real[s]), "known cards held in {what}");
        assert!(
            (h.lacks[s] & real[s]).is_empty(),
            "lacks only what is lacked in {what}"
        );
        assert_eq!(h.sizes[s] as u32, real[s].count(), "sizes in {what}");
    }
    let count = worlds.count();
    if count <= 5_000 {
        let all = worlds.all();
        assert_eq!(all.len() as u128, count, "count = enumeration in {what}");
        let mut real7 = [CardSet::EMPTY; MAX_SEATS];
        real7[..n].copy_from_slice(real);
        assert!(all.contains(&real7), "the real hands are a world in {what}");
    }
}

#[test]
fn hearts_worlds_replay_and_observe_the_same() {
    let mut rng = Rng::new(41);
    for case in 0..1000 {
        let log = hearts_log(&mut rng);
        let state = log.replay().unwrap();
        let seat = rng.below(u32::from(state.num_players())) as u8;
        let info = HeartsInfo::observe(&log, seat).unwrap();
        assert_eq!(info.hand(), state.hands()[usize::from(seat)]);
        let what = format!("case {case}: {}", log.to_text());
        let text = info.to_text();
        assert_eq!(
            HeartsInfo::from_text(&text).as_ref(),
            Ok(&info),
            "text round trip in {what}\n{text}"
        );
        assert_tampering_refused(&text, |t| HeartsInfo::from_text(t).is_ok());
        let mut worlds = Worlds::new(info.hidden).unwrap_or_else(|e| panic!("{e} in {what}"));
        check_worlds(&mut worlds, state.hands(), &what);
        let mut draw = Rng::new(case);
        for _ in 0..8 {
            let hands = worlds.sample(&mut draw);
            let world = info
                .world(&hands)
                .unwrap_or_else(|e| panic!("{e} in {what}"));
            let again = HeartsInfo::observe(&world, seat).unwrap();
            assert_eq!(again, info, "the world's observation in {what}");
        }
    }
}

#[test]
fn spades_worlds_replay_and_observe_the_same() {
    let mut rng = Rng::new(43);
    for case in 0..1000 {
        let rules = random_spades_rules(&mut rng);
        let mut s = batch_state(&rules, u64::from(rng.below(1000)), u64::from(rng.below(4)));
        while s.phase() == SpadesPhase::Bid {
            let mask = s.legal_bids();
            let value = (0..16)
                .filter(|v| mask >> v & 1 != 0)
                .nth(rng.below(mask.count_ones()) as usize)
                .unwrap() as u8;
            if rng.below(8) == 0 {
                break;
            }
            // Blind nils and bemos (B.3 #9) where the rules allow them, else a plain bid.
            let bemo = [None, Some(Bemo::Little), Some(Bemo::Big)][rng.below(3) as usize];
            let blind = rng.below(4) == 0;
            if (!blind || s.try_bid(0, true, None).is_err())
                && s.try_bid(value, false, bemo).is_err()
            {
                s.try_bid(value, false, None).unwrap();
            }
        }
        for _ in 0..rng.below(56) {
            if s.phase() != SpadesPhase::Play {
                break;
            }
            let c = nth(s.legal_plays(), &mut rng);
            s.try_play(c).unwrap();
        }
        let seat = rng.below(4) as u8;
        let info = SpadesInfo::observe(&s, seat).unwrap();
        let what = format!("case {case}: {s:?}");
        let text = info.to_text();
        assert_eq!(
            SpadesInfo::from_text(&text).as_ref(),
            Ok(&info),
            "text round trip in {what}\n{text}"
        );
        assert_tampering_refused(&text, |t| SpadesInfo::from_text(t).is_ok());
        let mut worlds = Worlds::new(info.hidden).unwrap_or_else(|e| panic!("{e} in {what}"));
        check_worlds(&mut worlds, &s.hands(), &what);
        let mut draw = Rng::new(case);
        for _ in 0..8 {
            let hands = worlds.sample(&mut draw);
            let world = info
                .world(&hands)
                .unwrap_or_else(|e| panic!("{e} in {what}"));
            let mut again = SpadesInfo::observe(&world, seat).unwrap();
            // The world starts at the deal being played: earlier redeal claims are not in it.
            again.claims.clone_from(&info.claims);
            assert_eq!(again, info, "the world's observation in {what}");
        }
    }
}
