//! Quick throughput probe: `cargo run --release --example speed -- [preset] [hands] [policy]`.
#![allow(clippy::cast_precision_loss)]
use hearts_engine::hearts::sim::{simulate_hands, Policy};
use hearts_engine::hearts::{HeartsPreset, HeartsRules};
use std::time::Instant;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let preset = args
        .get(1)
        .and_then(|p| HeartsPreset::from_name(p))
        .unwrap_or(HeartsPreset::OpenSpiel);
    let n: usize = args
        .get(2)
        .and_then(|s| s.parse().ok())
        .unwrap_or(2_000_000);
    let rules = HeartsRules::preset(preset);
    let t = Instant::now();
    let policy = args
        .get(3)
        .and_then(|p| Policy::from_name(p))
        .unwrap_or(Policy::Random);
    let r = simulate_hands(&rules, n, 1, policy);
    let dt = t.elapsed().as_secs_f64();
    let s: i64 = r.points.iter().map(|&x| i64::from(x)).sum();
    eprintln!(
        "{preset:?}: {n} hands in {dt:.3}s = {:.0} hands/s (checksum {s})",
        n as f64 / dt
    );
}
