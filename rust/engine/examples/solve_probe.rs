//! Times the solver per position: `cargo run --release --example solve_probe -- GAME TRICKS N`.
#![allow(clippy::print_stdout)]
use hearts_engine::batch::Stop;
use hearts_engine::hearts::{solve::HeartsProblem, HeartsRules, HeartsState, Phase};
use hearts_engine::solve::Solver;
use hearts_engine::spades::solve::{SpadesPosition, SpadesProblem};
use hearts_engine::spades::{sim::batch_state, Phase as SPhase, SpadesRules};
use hearts_engine::Rng;
use std::time::Instant;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let game = args.get(1).map_or("hearts", String::as_str).to_owned();
    let tricks: u32 = args.get(2).map_or(8, |a| a.parse().unwrap());
    let n: u64 = args.get(3).map_or(20, |a| a.parse().unwrap());
    let mut rng = Rng::new(1);
    let mut times = Vec::new();
    let mut nodes = 0u64;
    let mut solver = Solver::default();
    for i in 0..n {
        let t;
        if game == "hearts" {
            let rules = HeartsRules::default();
            let mut s = HeartsState::deal(&rules, 0, i, &mut rng);
            while s.phase() == Phase::Pass {
                let seat = s.current_player().unwrap();
                let cards = s.hands()[usize::from(seat)]
                    .into_iter()
                    .take(usize::from(s.pass_count()))
                    .collect();
                s.pass_cards(seat, cards).unwrap();
            }
            while s.phase() == Phase::Play
                && (s.hands()[0].count() > tricks || !s.trick().is_empty())
            {
                let l = s.legal_plays();
                s.play_unchecked(l.into_iter().nth(rng.below(l.count()) as usize).unwrap());
            }
            if s.phase() != Phase::Play {
                continue;
            }
            let p = HeartsProblem::new(&s, None, None).unwrap();
            solver.clear();
            let t0 = Instant::now();
            let sol = solver.solve(&p, &s, &Stop::new()).unwrap();
            t = t0.elapsed().as_secs_f64();
            nodes += sol.nodes;
        } else {
            let rules = SpadesRules {
                first_trick_no_spade_lead: false,
                ..Default::default()
            };
            let mut s = batch_state(&rules, 7, i);
            while s.phase() == SPhase::Bid {
                s.try_bid(3, false, None).unwrap();
            }
            while s.phase() == SPhase::Play
                && (s.hands()[0].count()
                    + s.hands()[1].count()
                    + s.hands()[2].count()
                    + s.hands()[3].count()
                    > 4 * tricks)
            {
                let l = s.legal_plays();
                s.try_play(l.into_iter().nth(rng.below(l.count()) as usize).unwrap())
                    .unwrap();
            }
            let p = SpadesProblem::new(&s, None, None).unwrap();
            let pos = SpadesPosition::of(&s);
            solver.clear();
            let t0 = Instant::now();
            let sol = solver.solve(&p, &pos, &Stop::new()).unwrap();
            t = t0.elapsed().as_secs_f64();
            nodes += sol.nodes;
        }
        times.push(t);
    }
    times.sort_by(f64::total_cmp);
    let k = times.len();
    println!(
        "{game} {tricks} tricks: n={k} median {:.3} ms p90 {:.3} ms max {:.3} ms mean nodes {}",
        times[k / 2] * 1e3,
        times[k * 9 / 10] * 1e3,
        times[k - 1] * 1e3,
        nodes / k as u64
    );
}
