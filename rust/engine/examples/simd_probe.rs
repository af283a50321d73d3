//! Probe: does a 4-lanes-per-vector AVX2 "random play" step beat scalar BMI2 lanes?
//!
//! `cargo run --release --example simd_probe -- [MODE] [STEPS] [REPEATS]`
//!
//! One lane-step is the engine's hot loop in miniature: `legal = hand & led` (or the whole
//! hand when that is empty), `k = below(popcount(legal))` from the lane's own wyrand stream
//! (the engine's `Rng::next_u64` and `Rng::below`, rejection loop included), the `k`-th
//! lowest card of `legal` removed from the hand. `led` is the suit `(step + lane) % 4`; an
//! emptied hand is refilled at once from a fixed table of 13-card hands, the lane's own
//! `refills`-th entry (by a masked gather in the AVX2 versions, as it happens every 13th
//! step). The scalar version runs `L` interleaved lanes with BMI2 (`pdep`);
//! the AVX2 version runs `V` interleaved vectors of 4 lanes, emulating the 64x64->128
//! multiply (`vpmuludq` partial products), Lemire's multiply, the 64-bit popcount (nibble
//! table `vpshufb` + `vpsadbw`) and the `k`-th set bit (byte and nibble prefix counts, then
//! a packed positions table). Lanes whose Lemire product comes near a 2^32 boundary (about
//! one draw in 2^26) redo their draw exactly in scalar code, so both versions draw the
//! same numbers and the same cards; `verify` asserts it. Two other AVX2 versions pick the
//! card differently: `gather` (byte prefix counts, then `vpgatherqq` from a 2048-entry
//! table) and `hybrid` (scalar `pdep` on each lane).
//!
//! Results on the AMD EPYC (Zen 4, AVX2 but no AVX-512) VMs where it was written, `time
//! 10000000 7`: in the first runs the best scalar (16 lanes) took 1.89-1.96 ns a lane-step
//! and the best AVX2 (8 or 12 lanes) 1.97-2.05 ns, 4-5% slower; later runs and builds put
//! the best AVX2 at 0.81-0.96 of the best scalar (benchmarks/RESULTS.md, 2026-12-02).
//! Callgrind: 24.9 instructions a lane-step scalar (16 lanes), 20.4 AVX2 (8 lanes); the
//! vector code runs at a lower IPC. The gather select is slower; the pdep hybrid is level
//! with scalar or between the two.
//!
//! MODE: `verify` (the default: every vector variant against the scalar one with as many
//! lanes, for STEPS steps a lane, also with the scalar fallback forced often), `time`
//! (verify for 10 million steps, then REPEATS rounds of every variant for STEPS steps,
//! alternating; medians of the wall clock and of the on-CPU time), or one variant alone,
//! for callgrind:
//! `scalar4`, `scalar8`, `scalar12`, `scalar16`, `avx2x1` .. `avx2x4`, `gatherx2`,
//! `gatherx4`, `hybridx2`, `hybridx4` (`x` V: V vectors of 4 lanes).
#![allow(clippy::print_stdout, clippy::cast_precision_loss)]

#[cfg(target_arch = "x86_64")]
mod x86 {
    use std::arch::x86_64::{
        __m256i, _mm256_add_epi32, _mm256_add_epi64, _mm256_add_epi8, _mm256_and_si256,
        _mm256_andnot_si256, _mm256_blend_epi32, _mm256_blendv_epi8, _mm256_cmpeq_epi64,
        _mm256_cmpgt_epi32, _mm256_cmpgt_epi8, _mm256_i64gather_epi64, _mm256_loadu_si256,
        _mm256_mask_i64gather_epi64, _mm256_movemask_epi8, _mm256_mul_epu32, _mm256_or_si256,
        _mm256_permute4x64_epi64, _mm256_sad_epu8, _mm256_set1_epi32, _mm256_set1_epi64x,
        _mm256_set1_epi8, _mm256_setr_epi8, _mm256_setzero_si256, _mm256_shuffle_epi8,
        _mm256_slli_epi64, _mm256_srli_epi16, _mm256_srli_epi64, _mm256_storeu_si256,
        _mm256_sub_epi64, _mm256_sub_epi8, _mm256_testz_si256, _mm256_xor_si256, _pdep_u64,
    };
    use std::sync::atomic::{AtomicU64, Ordering};
    use std::time::Instant;

    const C1: u64 = 0xa076_1d64_78bd_642f;
    const C2: u64 = 0xe703_7ed1_a0b4_28db;
    const SUIT: [u64; 4] = [0x1fff, 0x1fff << 13, 0x1fff << 26, 0x1fff << 39];
    const TABLE: usize = 1024;
    /// The AVX2 version's fallback fence: a lane redoes its draw in scalar code when the low 32
    /// bits of `r_hi * n` are 0 or within `FENCE` of 2^32 (the carry from `r_lo * n` is < n).
    const FENCE: u32 = 64;

    /// SplitMix64's finaliser, as in the engine.
    const fn mix64(mut z: u64) -> u64 {
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// wyrand's output for an (already advanced) state.
    #[inline(always)]
    fn wy(s: u64) -> u64 {
        let t = u128::from(s) * u128::from(s ^ C2);
        (t >> 64) as u64 ^ t as u64
    }

    /// The engine's `Rng::next_u64` on a bare state.
    #[inline(always)]
    fn next_u64(s: &mut u64) -> u64 {
        *s = s.wrapping_add(C1);
        wy(*s)
    }

    /// The engine's `Rng::below` on a bare state.
    #[inline(always)]
    fn below(s: &mut u64, n: u32) -> u32 {
        let n64 = u64::from(n);
        let m = u128::from(next_u64(s)) * u128::from(n64);
        if (m as u64) < n64 {
            let (state, x) = below_rejected(*s, n64, m);
            *s = state;
            return x;
        }
        (m >> 64) as u32
    }

    /// The engine's `Rng::below_rejected` on a bare state.
    #[cold]
    #[inline(never)]
    fn below_rejected(s: u64, n64: u64, m: u128) -> (u64, u32) {
        rejection_loop(s, n64, m)
    }

    /// The body of [`below_rejected`], shared with the AVX2 version's scalar fallback.
    #[inline(always)]
    fn rejection_loop(mut s: u64, n64: u64, mut m: u128) -> (u64, u32) {
        let threshold = n64.wrapping_neg() % n64;
        while (m as u64) < threshold {
            m = u128::from(next_u64(&mut s)) * u128::from(n64);
        }
        (s, (m >> 64) as u32)
    }

    /// A fixed table of random 13-card hands (from its own stream).
    fn hand_table() -> Vec<u64> {
        let mut s = mix64(0x0dea_1e12);
        (0..TABLE)
            .map(|_| {
                let mut h = 0u64;
                while h.count_ones() < 13 {
                    h |= 1 << below(&mut s, 52);
                }
                h
            })
            .collect()
    }

    /// The table entry of a lane's `refills`-th hand.
    #[inline(always)]
    fn refill_index(lane: usize, refills: u32) -> usize {
        (lane * 97 + refills as usize) % TABLE
    }

    /// Every lane's state: rng, hand, xor and sum of the cards it played, hands refilled.
    #[derive(Clone, Debug, Eq, PartialEq)]
    struct Lanes {
        s: Vec<u64>,
        hand: Vec<u64>,
        acc: Vec<u64>,
        sum: Vec<u64>,
        refills: Vec<u32>,
        step: u64,
    }

    impl Lanes {
        fn new(lanes: usize, table: &[u64]) -> Lanes {
            Lanes {
                s: (0..lanes as u64)
                    .map(|l| mix64(l ^ 0x6a09_e667_f3bc_c908))
                    .collect(),
                hand: (0..lanes).map(|l| table[refill_index(l, 0)]).collect(),
                acc: vec![0; lanes],
                sum: vec![0; lanes],
                refills: vec![1; lanes],
                step: 0,
            }
        }
    }

    /// `steps` steps of `L` interleaved lanes, scalar with BMI2.
    #[target_feature(enable = "bmi1,bmi2,popcnt,lzcnt")]
    #[inline(never)]
    fn run_scalar<const L: usize>(st: &mut Lanes, steps: u64, table: &[u64]) {
        let table: &[u64; TABLE] = table.try_into().unwrap();
        let mut s: [u64; L] = st.s[..].try_into().unwrap();
        let mut hand: [u64; L] = st.hand[..].try_into().unwrap();
        let mut acc: [u64; L] = st.acc[..].try_into().unwrap();
        let mut sum: [u64; L] = st.sum[..].try_into().unwrap();
        let mut refills: [u32; L] = st.refills[..].try_into().unwrap();
        assert!(L % 4 == 0);
        for step in st.step..st.step + steps {
            let led = [0, 1, 2, 3].map(|i| SUIT[(step as usize + i) & 3]);
            // Lanes in groups of 4, each group written out, so that LLVM keeps them apart.
            for g in (0..L).step_by(4) {
                let mut lane_step = |l: usize| {
                    let h = hand[l];
                    let m = h & led[l & 3];
                    let legal = if m == 0 { h } else { m };
                    let k = below(&mut s[l], legal.count_ones());
                    let card = _pdep_u64(1 << k, legal);
                    acc[l] ^= card;
                    sum[l] = sum[l].wrapping_add(card);
                    let h = h ^ card;
                    hand[l] = if h == 0 {
                        let i = refill_index(l, refills[l]);
                        refills[l] += 1;
                        table[i]
                    } else {
                        h
                    };
                };
                lane_step(g);
                lane_step(g + 1);
                lane_step(g + 2);
                lane_step(g + 3);
            }
        }
        st.s.copy_from_slice(&s);
        st.hand.copy_from_slice(&hand);
        st.acc.copy_from_slice(&acc);
        st.sum.copy_from_slice(&sum);
        st.refills.copy_from_slice(&refills);
        st.step += steps;
    }

    /// How many lane draws the AVX2 version redid in scalar code.
    static FALLBACKS: AtomicU64 = AtomicU64::new(0);

    #[target_feature(enable = "avx2")]
    #[inline]
    fn to_array(v: __m256i) -> [u64; 4] {
        let mut a = [0u64; 4];
        // SAFETY: `a` is 32 writable bytes (and AVX2 is enabled: callable only where it is).
        unsafe { _mm256_storeu_si256(a.as_mut_ptr().cast(), v) };
        a
    }

    #[target_feature(enable = "avx2")]
    #[inline]
    fn from_array(a: &[u64]) -> __m256i {
        assert!(a.len() >= 4);
        // SAFETY: `a` has at least 32 readable bytes (and AVX2 is enabled: callable only where
        // it is).
        unsafe { _mm256_loadu_si256(a.as_ptr().cast()) }
    }

    /// The rare exact end of an AVX2 draw: every lane of `risky` redoes `below` from its
    /// advanced state in scalar code; returns the new states and `k`. Inlined and call-free, so
    /// that the hot path around it keeps its registers.
    #[target_feature(enable = "avx2")]
    #[inline]
    fn redo_draws(s: __m256i, n: __m256i, k: __m256i, risky: __m256i) -> (__m256i, __m256i) {
        let (mut s, n, mut k, risky) = (to_array(s), to_array(n), to_array(k), to_array(risky));
        for i in 0..4 {
            if risky[i] as u32 != 0 {
                FALLBACKS.fetch_add(1, Ordering::Relaxed);
                let m = u128::from(wy(s[i])) * u128::from(n[i]);
                k[i] = if (m as u64) < n[i] {
                    let (state, x) = rejection_loop(s[i], n[i], m);
                    s[i] = state;
                    u64::from(x)
                } else {
                    (m >> 64) as u64
                };
            }
        }
        (from_array(&s), from_array(&k))
    }

    /// `$body` for `$v` in `0..$n`, written out for `$n` up to 4 (LLVM does not unroll the
    /// vector loop by itself, nor inline a closure there, and then keeps the vectors in memory).
    macro_rules! each {
    ($n:expr, |$v:ident| $body:block) => {
        match $n {
            1 => each!(@ $v $body 0),
            2 => each!(@ $v $body 0 1),
            3 => each!(@ $v $body 0 1 2),
            4 => each!(@ $v $body 0 1 2 3),
            _ => {
                for $v in 0..$n $body
            }
        }
    };
    (@ $v:ident $body:block $($i:literal)+) => {{
        $({
            let $v = $i;
            $body
        })+
    }};
}

    /// The AVX2 select methods (see [`run_avx2`]).
    const NIBBLES: u8 = 0;
    const GATHER: u8 = 1;
    const PDEP: u8 = 2;

    /// `BYTE_SELECT[8 * b + r]`: the `r`-th lowest set bit of byte `b` as a mask (0 if none).
    static BYTE_SELECT: [u64; 2048] = {
        let mut t = [0u64; 2048];
        let mut b = 0;
        while b < 256 {
            let (mut i, mut r) = (0, 0);
            while i < 8 {
                if b >> i & 1 == 1 {
                    t[8 * b + r] = 1 << i;
                    r += 1;
                }
                i += 1;
            }
            b += 1;
        }
        t
    };

    /// `vpsrlvq` or `vpsllvq` as inline assembly: through the intrinsics, LLVM guards every
    /// variable shift it cannot prove in range with a compare and a mask.
    macro_rules! vshift {
    ($op:literal, $a:expr, $n:expr) => {{
        let r: __m256i;
        // SAFETY: a register-only AVX2 instruction; AVX2 is enabled in the caller.
        unsafe {
            std::arch::asm!(
                concat!($op, " {r}, {a}, {n}"),
                r = lateout(ymm_reg) r,
                a = in(ymm_reg) $a,
                n = in(ymm_reg) $n,
                options(pure, nomem, nostack, preserves_flags),
            );
        }
        r
    }};
}

    /// `steps` steps of `V` interleaved vectors of 4 lanes with AVX2; `fence` as [`FENCE`]
    /// (larger only to exercise the scalar fallback). `SELECT` picks the card: [`NIBBLES`]
    /// (byte and nibble prefix counts, a `vpshufb` table of positions), [`GATHER`] (byte prefix
    /// counts, then a gather from [`BYTE_SELECT`]) or [`PDEP`] (the hybrid: scalar `pdep` on
    /// each lane; BMI2 is enabled only for that).
    #[target_feature(enable = "avx2,bmi1,bmi2")]
    #[inline(never)]
    fn run_avx2<const V: usize, const SELECT: u8>(
        st: &mut Lanes,
        steps: u64,
        table: &[u64],
        fence: u32,
    ) {
        assert_eq!(st.s.len(), 4 * V);
        assert_eq!(table.len(), TABLE);
        assert!(TABLE.is_power_of_two());
        let load = |x: &[u64]| -> [__m256i; V] { std::array::from_fn(|v| from_array(&x[4 * v..])) };
        let (mut s, mut hand, mut acc, mut sum) =
            (load(&st.s), load(&st.hand), load(&st.acc), load(&st.sum));
        let zero = _mm256_setzero_si256();
        let c1 = _mm256_set1_epi64x(C1 as i64);
        let c2 = _mm256_set1_epi64x(C2 as i64);
        let m0f = _mm256_set1_epi8(0x0f);
        let pop = _mm256_setr_epi8(
            0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4, 0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2,
            3, 3, 4,
        );
        // Byte 0 of each 64-bit lane to all its bytes.
        let bcast = _mm256_setr_epi8(
            0, 0, 0, 0, 0, 0, 0, 0, 8, 8, 8, 8, 8, 8, 8, 8, 0, 0, 0, 0, 0, 0, 0, 0, 8, 8, 8, 8, 8,
            8, 8, 8,
        );
        // For a nibble: the positions of its set bits, lowest first, 2 bits each.
        let pkt = {
            let mut t = [0u8; 32];
            for (i, e) in t.iter_mut().enumerate() {
                let v = i % 16;
                let (mut packed, mut f) = (0, 0);
                for b in 0..4 {
                    if v >> b & 1 == 1 {
                        packed |= b << (2 * f);
                        f += 1;
                    }
                }
                *e = packed;
            }
            // SAFETY: `t` is 32 readable bytes; AVX2 is enabled.
            unsafe { _mm256_loadu_si256(t.as_ptr().cast()) }
        };
        let twos = _mm256_set1_epi8(2);
        let eights = _mm256_set1_epi8(8);
        let mff = _mm256_set1_epi64x(0xff);
        let m3 = _mm256_set1_epi64x(3);
        let one = _mm256_set1_epi64x(1);
        // low32(q) + fence <= fence, unsigned, as a signed compare of low32(q) + fence + 2^31.
        let fence_bias = _mm256_set1_epi32((fence ^ 0x8000_0000) as i32);
        let fence_limit = _mm256_set1_epi32(i32::MIN + fence as i32 + 1);
        let even = _mm256_set1_epi64x(0xffff_ffff);
        // The led suits of lanes 0..4 (and of every vector's lanes) at step `st.step`.
        let r = st.step as usize;
        // The refills: per lane, the table index of its next hand less its refills so far.
        let mut refills: [__m256i; V] = std::array::from_fn(|v| {
            from_array(&[0, 1, 2, 3].map(|i| u64::from(st.refills[4 * v + i])))
        });
        let lane_base: [__m256i; V] = std::array::from_fn(|v| {
            from_array(&[0, 1, 2, 3].map(|i| refill_index(4 * v + i, 0) as u64))
        });
        let table_mask = _mm256_set1_epi64x(TABLE as i64 - 1);
        let mut led = from_array(&[
            SUIT[r & 3],
            SUIT[(r + 1) & 3],
            SUIT[(r + 2) & 3],
            SUIT[(r + 3) & 3],
        ]);
        for _ in 0..steps {
            each!(V, |v| {
                let h = hand[v];
                let m = _mm256_and_si256(h, led);
                let legal = _mm256_blendv_epi8(m, h, _mm256_cmpeq_epi64(m, zero));
                // Popcounts: per nibble, per byte, per lane.
                let cl = _mm256_shuffle_epi8(pop, _mm256_and_si256(legal, m0f));
                let ch =
                    _mm256_shuffle_epi8(pop, _mm256_and_si256(_mm256_srli_epi16(legal, 4), m0f));
                let c = _mm256_add_epi8(cl, ch);
                let n = _mm256_sad_epu8(c, zero);
                // wyrand: s += C1; r = hi ^ lo of s * (s ^ C2); only r's high half is needed.
                let a = _mm256_add_epi64(s[v], c1);
                s[v] = a;
                let b = _mm256_xor_si256(a, c2);
                let ah = _mm256_srli_epi64(a, 32);
                let bh = _mm256_srli_epi64(b, 32);
                let ll = _mm256_mul_epu32(a, b);
                let lh = _mm256_mul_epu32(a, bh);
                let hl = _mm256_mul_epu32(ah, b);
                let hh = _mm256_mul_epu32(ah, bh);
                let t = _mm256_add_epi64(lh, _mm256_srli_epi64(ll, 32));
                let t2 = _mm256_add_epi64(hl, _mm256_blend_epi32::<0b1010_1010>(t, zero));
                let hi = _mm256_add_epi64(
                    hh,
                    _mm256_add_epi64(_mm256_srli_epi64(t, 32), _mm256_srli_epi64(t2, 32)),
                );
                // The low 32 bits: r >> 32 (lo's high half is t2's low half).
                let rh = _mm256_xor_si256(_mm256_srli_epi64(hi, 32), t2);
                // Lemire: k = (r * n) >> 64 = (r_hi * n + (r_lo * n >> 32)) >> 32, which is
                // (r_hi * n) >> 32 unless the low half of r_hi * n is within n <= FENCE of 2^32;
                // the rejection test (low 64 bits of r * n < n) needs that low half 0. Such
                // lanes redo the draw in scalar code.
                let q = _mm256_mul_epu32(rh, n);
                let mut k = _mm256_srli_epi64(q, 32);
                let risky = _mm256_cmpgt_epi32(fence_limit, _mm256_add_epi32(q, fence_bias));
                if _mm256_movemask_epi8(risky) & 0x0f0f_0f0f != 0 {
                    (s[v], k) = redo_draws(s[v], n, k, _mm256_and_si256(risky, even));
                }
                // The k-th set bit of `legal`.
                let card = if SELECT == PDEP {
                    // The hybrid: the lanes' `legal` and `k` out to scalar `pdep`, the cards back.
                    let (l, k) = (to_array(legal), to_array(k));
                    from_array(&[0, 1, 2, 3].map(|i| _pdep_u64(1 << k[i], l[i])))
                } else if SELECT == GATHER {
                    let mut p = _mm256_add_epi8(c, _mm256_slli_epi64(c, 8));
                    p = _mm256_add_epi8(p, _mm256_slli_epi64(p, 16));
                    p = _mm256_add_epi8(p, _mm256_slli_epi64(p, 32));
                    let gp = _mm256_cmpgt_epi8(p, _mm256_shuffle_epi8(k, bcast));
                    let under = _mm256_sad_epu8(_mm256_andnot_si256(gp, c), zero);
                    let shift = _mm256_sad_epu8(_mm256_andnot_si256(gp, eights), zero);
                    let byte = _mm256_and_si256(vshift!("vpsrlvq", legal, shift), mff);
                    let idx =
                        _mm256_add_epi64(_mm256_slli_epi64(byte, 3), _mm256_sub_epi64(k, under));
                    // SAFETY: idx = 8 * byte + rank < 2048, the table's length.
                    let bit =
                        unsafe { _mm256_i64gather_epi64::<8>(BYTE_SELECT.as_ptr().cast(), idx) };
                    vshift!("vpsllvq", bit, shift)
                } else {
                    // Inclusive byte prefix counts p, and pq = p less the high nibble's count:
                    // the nibbles whose prefix counts are <= k lie below the card's nibble.
                    let mut p = _mm256_add_epi8(c, _mm256_slli_epi64(c, 8));
                    p = _mm256_add_epi8(p, _mm256_slli_epi64(p, 16));
                    p = _mm256_add_epi8(p, _mm256_slli_epi64(p, 32));
                    let pq = _mm256_sub_epi8(p, ch);
                    let kb = _mm256_shuffle_epi8(k, bcast);
                    let gp = _mm256_cmpgt_epi8(p, kb);
                    let gq = _mm256_cmpgt_epi8(pq, kb);
                    let under = _mm256_sad_epu8(
                        _mm256_add_epi8(_mm256_andnot_si256(gp, ch), _mm256_andnot_si256(gq, cl)),
                        zero,
                    );
                    let nibbles =
                        _mm256_sad_epu8(_mm256_add_epi8(_mm256_add_epi8(gp, gq), twos), zero);
                    let shift = _mm256_slli_epi64(nibbles, 2);
                    let rank = _mm256_sub_epi64(k, under);
                    let nib = _mm256_and_si256(vshift!("vpsrlvq", legal, shift), m0f);
                    let packed = _mm256_shuffle_epi8(pkt, nib);
                    let pos = _mm256_and_si256(
                        vshift!("vpsrlvq", packed, _mm256_add_epi64(rank, rank)),
                        m3,
                    );
                    vshift!("vpsllvq", one, _mm256_add_epi64(shift, pos))
                };
                acc[v] = _mm256_xor_si256(acc[v], card);
                sum[v] = _mm256_add_epi64(sum[v], card);
                hand[v] = _mm256_xor_si256(h, card);
            });
            let mut empty = _mm256_cmpeq_epi64(hand[0], zero);
            for h in &hand[1..] {
                empty = _mm256_or_si256(empty, _mm256_cmpeq_epi64(*h, zero));
            }
            if _mm256_testz_si256(empty, empty) == 0 {
                // Every empty hand gets its lane's next table entry, by a masked gather.
                each!(V, |v| {
                    let empty = _mm256_cmpeq_epi64(hand[v], zero);
                    let idx =
                        _mm256_and_si256(_mm256_add_epi64(lane_base[v], refills[v]), table_mask);
                    // SAFETY: idx < TABLE, the table's length (checked below).
                    hand[v] = unsafe {
                        _mm256_mask_i64gather_epi64::<8>(hand[v], table.as_ptr().cast(), idx, empty)
                    };
                    refills[v] = _mm256_sub_epi64(refills[v], empty);
                });
            }
            led = _mm256_permute4x64_epi64::<0b00_11_10_01>(led);
        }
        for v in 0..V {
            let r = to_array(refills[v]);
            for i in 0..4 {
                st.refills[4 * v + i] = r[i] as u32;
            }
            st.s[4 * v..4 * v + 4].copy_from_slice(&to_array(s[v]));
            st.hand[4 * v..4 * v + 4].copy_from_slice(&to_array(hand[v]));
            st.acc[4 * v..4 * v + 4].copy_from_slice(&to_array(acc[v]));
            st.sum[4 * v..4 * v + 4].copy_from_slice(&to_array(sum[v]));
        }
        st.step += steps;
    }

    #[derive(Clone, Copy, Debug)]
    enum Variant {
        Scalar(usize),
        Avx2(usize),
        /// AVX2, the card by a gather from a table.
        Gather(usize),
        /// AVX2 with a scalar `pdep` for the card.
        Hybrid(usize),
    }

    impl Variant {
        fn name(self) -> String {
            match self {
                Variant::Scalar(l) => format!("scalar{l}"),
                Variant::Avx2(v) => format!("avx2x{v}"),
                Variant::Gather(v) => format!("gatherx{v}"),
                Variant::Hybrid(v) => format!("hybridx{v}"),
            }
        }

        fn lanes(self) -> usize {
            match self {
                Variant::Scalar(l) => l,
                Variant::Avx2(v) | Variant::Gather(v) | Variant::Hybrid(v) => 4 * v,
            }
        }

        fn run(self, st: &mut Lanes, steps: u64, table: &[u64], fence: u32) {
            assert!(is_x86_feature_detected!("bmi1"));
            assert!(is_x86_feature_detected!("bmi2"));
            assert!(is_x86_feature_detected!("popcnt"));
            assert!(is_x86_feature_detected!("lzcnt"));
            assert!(is_x86_feature_detected!("avx2"));
            // SAFETY: the CPU has every feature the functions enable (checked above).
            unsafe {
                match self {
                    Variant::Scalar(4) => run_scalar::<4>(st, steps, table),
                    Variant::Scalar(8) => run_scalar::<8>(st, steps, table),
                    Variant::Scalar(12) => run_scalar::<12>(st, steps, table),
                    Variant::Scalar(16) => run_scalar::<16>(st, steps, table),
                    Variant::Avx2(1) => run_avx2::<1, NIBBLES>(st, steps, table, fence),
                    Variant::Avx2(2) => run_avx2::<2, NIBBLES>(st, steps, table, fence),
                    Variant::Avx2(3) => run_avx2::<3, NIBBLES>(st, steps, table, fence),
                    Variant::Avx2(4) => run_avx2::<4, NIBBLES>(st, steps, table, fence),
                    Variant::Gather(2) => run_avx2::<2, GATHER>(st, steps, table, fence),
                    Variant::Gather(4) => run_avx2::<4, GATHER>(st, steps, table, fence),
                    Variant::Hybrid(2) => run_avx2::<2, PDEP>(st, steps, table, fence),
                    Variant::Hybrid(4) => run_avx2::<4, PDEP>(st, steps, table, fence),
                    _ => panic!("no variant {self:?}"),
                }
            }
        }
    }

    /// Every vector variant against the scalar one with as many lanes, over `steps` steps a
    /// lane, with the real fallback fence and with one that sends a lane in 256 to scalar code.
    fn verify(table: &[u64], steps: u64, variants: &[Variant]) {
        for &v in variants {
            if matches!(v, Variant::Scalar(_)) {
                continue;
            }
            let scalar = Variant::Scalar(v.lanes());
            let mut a = Lanes::new(scalar.lanes(), table);
            scalar.run(&mut a, steps, table, FENCE);
            for fence in [FENCE, 1 << 24] {
                FALLBACKS.store(0, Ordering::Relaxed);
                let mut b = Lanes::new(v.lanes(), table);
                // In two pieces, to check that a run resumes where the last one stopped.
                v.run(&mut b, steps / 3, table, fence);
                v.run(&mut b, steps - steps / 3, table, fence);
                assert_eq!(a, b, "{} vs {} (fence {fence})", scalar.name(), v.name());
                println!(
                    "{} = {} over {steps} steps a lane (fence {fence}: {} scalar redraws); \
                 lane 0: rng {:016x}, xor {:016x}, sum {:016x}, {} hands",
                    scalar.name(),
                    v.name(),
                    FALLBACKS.load(Ordering::Relaxed),
                    a.s[0],
                    a.acc[0],
                    a.sum[0],
                    a.refills[0],
                );
            }
        }
    }

    /// This thread's time on a CPU so far, in ns (`/proc/thread-self/schedstat`), or 0: unlike
    /// the wall clock, it leaves out the time the thread waited for a CPU on a loaded machine.
    fn cpu_ns() -> u64 {
        std::fs::read_to_string("/proc/thread-self/schedstat")
            .ok()
            .and_then(|s| s.split_whitespace().next()?.parse().ok())
            .unwrap_or(0)
    }

    fn median(mut x: Vec<f64>) -> f64 {
        x.sort_by(f64::total_cmp);
        x[x.len() / 2]
    }

    pub fn main() {
        let args: Vec<String> = std::env::args().collect();
        let mode = args.get(1).map_or("verify", String::as_str);
        let steps: u64 = args
            .get(2)
            .map_or(10_000_000, |a| a.parse().expect("STEPS"));
        let repeats: usize = args.get(3).map_or(11, |a| a.parse().expect("REPEATS"));
        let table = hand_table();
        let variants = [
            Variant::Scalar(4),
            Variant::Scalar(8),
            Variant::Scalar(12),
            Variant::Scalar(16),
            Variant::Avx2(1),
            Variant::Avx2(2),
            Variant::Avx2(3),
            Variant::Avx2(4),
            Variant::Gather(2),
            Variant::Gather(4),
            Variant::Hybrid(2),
            Variant::Hybrid(4),
        ];
        match mode {
            "verify" => verify(&table, steps, &variants),
            "time" => {
                verify(&table, 10_000_000, &variants);
                let mut wall = vec![Vec::new(); variants.len()];
                let mut cpu = vec![Vec::new(); variants.len()];
                for _ in 0..repeats {
                    for (i, v) in variants.iter().enumerate() {
                        let mut st = Lanes::new(v.lanes(), &table);
                        let (t, c) = (Instant::now(), cpu_ns());
                        v.run(&mut st, steps, &table, FENCE);
                        let (dc, dt) = (cpu_ns() - c, t.elapsed().as_secs_f64());
                        std::hint::black_box(&st);
                        let lane_steps = steps as f64 * v.lanes() as f64;
                        wall[i].push(dt * 1e9 / lane_steps);
                        cpu[i].push(dc as f64 / lane_steps);
                    }
                }
                let wall: Vec<f64> = wall.into_iter().map(median).collect();
                let cpu: Vec<f64> = cpu.into_iter().map(median).collect();
                println!("ns a lane-step, medians of {repeats} runs of {steps} steps (wall clock; on-CPU time):");
                for (i, v) in variants.iter().enumerate() {
                    println!(
                        "{:>9}: {:.3} ; {:.3}  ({} lanes)",
                        v.name(),
                        wall[i],
                        cpu[i],
                        v.lanes()
                    );
                }
                for (what, med) in [("wall", &wall), ("on-CPU", &cpu)] {
                    let of =
                        |name: &str| med[variants.iter().position(|v| v.name() == name).unwrap()];
                    let best = |pick: fn(&Variant) -> bool| {
                        variants
                            .iter()
                            .zip(med)
                            .filter(|(v, _)| pick(v))
                            .map(|(v, &m)| (m, v.name()))
                            .min_by(|a, b| a.0.total_cmp(&b.0))
                            .unwrap()
                    };
                    let (s, sn) = best(|v| matches!(v, Variant::Scalar(_)));
                    let (a, an) = best(|v| matches!(v, Variant::Avx2(_) | Variant::Gather(_)));
                    println!(
                    "{what}: best avx2 / best scalar = {an} / {sn} = {:.3}; avx2x2 / scalar8 = {:.3}; \
                     avx2x4 / scalar16 = {:.3}; hybridx2 / scalar8 = {:.3}",
                    a / s,
                    of("avx2x2") / of("scalar8"),
                    of("avx2x4") / of("scalar16"),
                    of("hybridx2") / of("scalar8"),
                );
                }
            }
            name => {
                let v = *variants
                    .iter()
                    .find(|v| v.name() == name)
                    .unwrap_or_else(|| panic!("unknown mode {name}"));
                let mut st = Lanes::new(v.lanes(), &table);
                v.run(&mut st, steps, &table, FENCE);
                println!(
                    "{name}: {steps} steps x {} lanes; lane 0: rng {:016x}, xor {:016x}",
                    v.lanes(),
                    st.s[0],
                    st.acc[0]
                );
            }
        }
    }
}

#[cfg(target_arch = "x86_64")]
fn main() {
    x86::main();
}

#[cfg(not(target_arch = "x86_64"))]
fn main() {
    println!("simd_probe measures x86_64 instructions (AVX2, BMI2): nothing to run here");
}
