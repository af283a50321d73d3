//! Times a one-thread batch of Hearts hands: `cargo run --release --example speed -- [preset]
//! [hands] [policy]`.
#![allow(clippy::cast_precision_loss)]
mod common;

use common::{arg, hands_arg};
use hearts_engine::hearts::sim::{simulate_hands, Policy};
use hearts_engine::hearts::{HeartsPreset, HeartsRules};
use std::time::Instant;

fn main() {
    common::one_thread();
    let preset = arg(1, HeartsPreset::from_name, HeartsPreset::OpenSpiel);
    let n = hands_arg(2, 2_000_000);
    let rules = HeartsRules::preset(preset);
    let t = Instant::now();
    let policy = arg(3, Policy::from_name, Policy::Random);
    let r = simulate_hands(&rules, n, 1, policy).expect("the result fits in memory");
    let dt = t.elapsed().as_secs_f64();
    let s: i64 = r.points.iter().map(|&x| i64::from(x)).sum();
    eprintln!(
        "{preset:?}: {n} hands in {dt:.3}s = {:.0} hands/s (checksum {s})",
        n as f64 / dt
    );
}
