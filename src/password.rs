//! Password hashing for masters and players: Argon2id in PHC strings, with one
//! reused block buffer and a bounded cache of verified passwords.
//!
//! Why not `Argon2::hash_password` / `verify_password` directly: each call
//! allocates a fresh 19 MiB block buffer, and with glibc that memory was not given
//! back (a running judge grew from 10 MB to 1.4 GB; a mail with 300
//! `SET PASSWORD` lines needed 6 GB, then `OutOfMemory` panicked on every
//! restart). [`Passwords`] allocates its buffer once (19 MiB, at most
//! [`MAX_M_COST`] KiB) and reuses it for every hash; it never panics, and it counts
//! its Argon2 computations ([`Passwords::work_done`]) so that the judge can cap
//! password work per mail.
//!
//! The hashes are standard PHC strings (`$argon2id$v=19$m=19456,t=2,p=1$salt$hash`):
//! [`Passwords::verify`] checks those made by `argon2::PasswordHasher` (the
//! judge's databases hold them), and `argon2::PasswordVerifier` checks ours.

use argon2::password_hash::phc::{Output, ParamsString, PasswordHash, Salt};
use argon2::{Algorithm, Argon2, Block, Params, Version};
use hmac::{Hmac, KeyInit, Mac};
use sha2::Sha256;
use std::collections::{HashSet, VecDeque};
use std::fmt;

/// Argon2 memory cost of new hashes, in KiB (19 MiB: OWASP's first recommended
/// setting for Argon2id).
pub const M_COST: u32 = 19_456;

/// Argon2 passes of new hashes.
pub const T_COST: u32 = 2;

/// Argon2 lanes of new hashes.
pub const P_COST: u32 = 1;

/// The largest memory cost [`Passwords::verify`] accepts from a stored hash, in
/// KiB (64 MiB): a crafted database row must not make the judge allocate gigabytes.
pub const MAX_M_COST: u32 = 65_536;

/// The most passes [`Passwords::verify`] accepts from a stored hash.
pub const MAX_T_COST: u32 = 10;

/// The most lanes [`Passwords::verify`] accepts from a stored hash.
pub const MAX_P_COST: u32 = 4;

/// How many verified passwords [`Passwords`] remembers; when full, the oldest is
/// forgotten. 4096 entries of 32 bytes (twice: a set and a queue) are 256 KiB.
pub const CACHE_MAX: usize = 4096;

/// Salt length of new hashes, in bytes (the PHC recommendation).
const SALT_LEN: usize = 16;

/// Hash length of new hashes, in bytes (the `argon2` crate's default).
const OUTPUT_LEN: usize = 32;

/// Why a password could not be hashed or checked. A wrong password is not an
/// error: [`Passwords::verify`] returns `Ok(false)`.
#[derive(Debug, thiserror::Error)]
pub enum PasswordError {
    /// The stored hash is not a PHC string, lacks its salt or hash, or has
    /// parameters or a version Argon2 does not accept.
    #[error("malformed password hash: {0}")]
    Malformed(argon2::password_hash::Error),
    /// The stored hash is empty, or has no salt or no hash output.
    #[error("password hash without algorithm, salt or hash output")]
    Incomplete,
    /// The stored hash names another algorithm than argon2id, argon2i or argon2d
    /// (e.g. `$2b$` bcrypt or `$scrypt$`).
    #[error("unsupported password hash algorithm `{0}`")]
    UnsupportedAlgorithm(String),
    /// The stored hash asks for more than [`MAX_M_COST`] KiB, [`MAX_T_COST`] passes
    /// or [`MAX_P_COST`] lanes.
    #[error("password hash too expensive to check: m={m_cost} KiB, t={t_cost}, p={p_cost} (at most m={MAX_M_COST}, t={MAX_T_COST}, p={MAX_P_COST})")]
    TooExpensive { m_cost: u32, t_cost: u32, p_cost: u32 },
    /// The block buffer could not be allocated (size in KiB).
    #[error("cannot allocate {0} KiB for Argon2")]
    OutOfMemory(usize),
    /// Argon2 refused its input (say, a password over 4 GiB).
    #[error("argon2: {0}")]
    Argon2(argon2::Error),
    /// The operating system gave no random bytes (for a salt).
    #[error("no random bytes from the operating system: {0}")]
    Random(getrandom::Error),
}

/// Hashes and checks passwords with one reused Argon2 block buffer, remembering
/// the passwords it has checked (or hashed).
///
/// # The cache
///
/// Signing on again with the same password should not cost another 19 MiB, two
/// pass Argon2 computation, so a password found right is remembered: as
/// `HMAC-SHA256(k, phc || 0 || password)`, where `k` is 64 random bytes drawn when
/// the `Passwords` is made and never stored. A wrong password is never
/// remembered, and a remembered entry only matches the same password with the
/// same stored hash.
///
/// What this protects: nothing is written anywhere, and an entry alone says
/// nothing about the password — unlike the unsalted SHA-256 digests cached
/// before, which anyone holding one could look up in a precomputed table or
/// crack at billions of guesses a second, a far weaker target than the Argon2
/// hashes in the database. What it does not protect: whoever can read the whole
/// process memory also reads `k`, and can then test guesses against an entry at
/// HMAC speed instead of Argon2 speed. Such an attacker can also read passwords
/// from the mails the judge is processing, so the trade-off (speed for
/// sign-ons against that) is accepted; [`CACHE_MAX`] bounds the exposure. If the
/// operating system gives no random key, nothing is cached.
pub struct Passwords {
    /// The Argon2 block buffer, grown to the largest memory cost seen (19 MiB for
    /// the judge's own hashes, never over [`MAX_M_COST`] KiB) and kept.
    blocks: Vec<Block>,
    /// HMAC-SHA256 keyed with the per-process random key; `None`: no cache.
    mac: Option<Hmac<Sha256>>,
    /// Remembered entries, and the order they came in (for eviction).
    cache: HashSet<[u8; 32]>,
    order: VecDeque<[u8; 32]>,
    /// Argon2 computations so far.
    work: u64,
}

impl fmt::Debug for Passwords {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // not the key, not the entries
        f.debug_struct("Passwords").field("buffer_kib", &self.blocks.len()).field("cached", &self.cache.len()).field("work", &self.work).finish_non_exhaustive()
    }
}

impl Default for Passwords {
    fn default() -> Self {
        Self::new()
    }
}

impl Passwords {
    /// A new hasher with an empty cache under a fresh random key. Cheap: the
    /// block buffer is allocated by the first hash or check.
    pub fn new() -> Passwords {
        let mut key = [0u8; 64];
        let mac = getrandom::fill(&mut key).ok().map(|()| Hmac::<Sha256>::new(&key.into()));
        key.fill(0);
        Passwords { blocks: Vec::new(), mac, cache: HashSet::new(), order: VecDeque::new(), work: 0 }
    }

    /// How many Argon2 computations this `Passwords` has done (cache hits do none).
    pub fn work_done(&self) -> u64 {
        self.work
    }

    /// How many verified passwords are remembered (at most [`CACHE_MAX`]).
    pub fn cached(&self) -> usize {
        self.cache.len()
    }

    /// A new hash of `pw`: Argon2id, v=19, [`M_COST`], [`T_COST`], [`P_COST`], a
    /// 16-byte salt from the operating system, as a PHC string. The password is
    /// remembered as checked for this hash.
    ///
    /// # Errors
    /// [`PasswordError::Random`] without random bytes for the salt;
    /// [`PasswordError::OutOfMemory`] if the buffer cannot be allocated.
    pub fn hash(&mut self, pw: &str) -> Result<String, PasswordError> {
        let mut salt = [0u8; SALT_LEN];
        getrandom::fill(&mut salt).map_err(PasswordError::Random)?;
        let params = Params::new(M_COST, T_COST, P_COST, None).map_err(PasswordError::Argon2)?;
        let mut out = [0u8; OUTPUT_LEN];
        self.argon2(Algorithm::Argon2id, Version::V0x13, params.clone(), pw.as_bytes(), &salt, &mut out)?;
        let phc = PasswordHash {
            algorithm: Algorithm::Argon2id.ident(),
            version: Some(Version::V0x13.into()),
            params: ParamsString::try_from(&params).map_err(PasswordError::Malformed)?,
            salt: Some(Salt::new(&salt).map_err(|e| PasswordError::Malformed(e.into()))?),
            hash: Some(Output::new(&out).map_err(|e| PasswordError::Malformed(e.into()))?),
        }
        .to_string();
        if let Some(k) = self.cache_key(&phc, pw) {
            self.remember(k);
        }
        Ok(phc)
    }

    /// Whether `pw` is the password of the PHC string `phc` (any Argon2 variant and
    /// version, as `argon2::PasswordVerifier` accepts them). A remembered password
    /// costs no Argon2 work; a newly found right one is remembered.
    ///
    /// # Errors
    /// [`PasswordError::Malformed`], [`PasswordError::Incomplete`],
    /// [`PasswordError::UnsupportedAlgorithm`] or [`PasswordError::TooExpensive`] for a stored hash that cannot or must not be
    /// checked; [`PasswordError::OutOfMemory`] if the buffer cannot grow.
    pub fn verify(&mut self, phc: &str, pw: &str) -> Result<bool, PasswordError> {
        let key = self.cache_key(phc, pw);
        if key.is_some_and(|k| self.cache.contains(&k)) {
            return Ok(true);
        }
        // the algorithm first: a bcrypt or scrypt string is not malformed, just foreign
        let ident = phc.strip_prefix('$').and_then(|r| r.split('$').next()).unwrap_or("");
        let Ok(algorithm) = Algorithm::new(ident) else {
            return Err(if ident.is_empty() { PasswordError::Incomplete } else { PasswordError::UnsupportedAlgorithm(ident.chars().take(32).collect()) });
        };
        let parsed = PasswordHash::new(phc).map_err(|e| PasswordError::Malformed(e.into()))?;
        let version = match parsed.version {
            Some(v) => Version::try_from(v).map_err(|e| PasswordError::Malformed(e.into()))?,
            None => Version::default(),
        };
        let params = Params::try_from(&parsed).map_err(PasswordError::Malformed)?;
        let (m_cost, t_cost, p_cost) = (params.m_cost(), params.t_cost(), params.p_cost());
        if m_cost > MAX_M_COST || t_cost > MAX_T_COST || p_cost > MAX_P_COST {
            return Err(PasswordError::TooExpensive { m_cost, t_cost, p_cost });
        }
        let (Some(salt), Some(expected)) = (&parsed.salt, &parsed.hash) else { return Err(PasswordError::Incomplete) };
        let mut buf = [0u8; Output::MAX_LENGTH];
        let out = &mut buf[..expected.len().min(Output::MAX_LENGTH)];
        self.argon2(algorithm, version, params, pw.as_bytes(), salt, out)?;
        // `Output` compares in constant time
        let ok = Output::new(out).is_ok_and(|o| o == *expected);
        if ok && let Some(k) = key {
            self.remember(k);
        }
        Ok(ok)
    }

    /// One Argon2 computation in the reused buffer, grown if `params` need more.
    fn argon2(&mut self, algorithm: Algorithm, version: Version, params: Params, pw: &[u8], salt: &[u8], out: &mut [u8]) -> Result<(), PasswordError> {
        let n = params.block_count();
        if self.blocks.len() < n {
            self.blocks.try_reserve_exact(n - self.blocks.len()).map_err(|_| PasswordError::OutOfMemory(n))?;
            self.blocks.resize(n, Block::new());
        }
        self.work += 1;
        // Argon2 writes every block before it reads it, so the buffer needs no clearing
        Argon2::new(algorithm, version, params).hash_password_into_with_memory(pw, salt, out, &mut self.blocks[..n]).map_err(PasswordError::Argon2)
    }

    /// The cache entry for `pw` under `phc`: HMAC-SHA256(key, phc || 0 || pw).
    fn cache_key(&self, phc: &str, pw: &str) -> Option<[u8; 32]> {
        let mut mac = self.mac.clone()?;
        mac.update(phc.as_bytes());
        mac.update(&[0]);
        mac.update(pw.as_bytes());
        Some(mac.finalize().into_bytes().into())
    }

    fn remember(&mut self, k: [u8; 32]) {
        if !self.cache.insert(k) {
            return;
        }
        self.order.push_back(k);
        while self.order.len() > CACHE_MAX {
            if let Some(old) = self.order.pop_front() {
                self.cache.remove(&old);
            }
        }
    }
}

/// A random `u64` from the operating system (for power assignment and the like).
///
/// # Errors
/// [`PasswordError::Random`] if the operating system gives no random bytes.
pub fn try_random_u64() -> Result<u64, PasswordError> {
    getrandom::u64().map_err(PasswordError::Random)
}

/// A random `u64` from the operating system; never fails: if the operating system
/// gives none (on Linux only before the kernel's pool is first seeded), std's
/// per-process random hash keys, mixed with the time and a counter, stand in.
/// A 12-digit hex code for a confirmation (OBSERVE, a list, a new address): 48 random bits.
pub fn confirmation_code() -> String {
    format!("{:012x}", random_u64() & 0xffff_ffff_ffff)
}

pub fn random_u64() -> u64 {
    try_random_u64().unwrap_or_else(|_| {
        use std::hash::{BuildHasher, Hasher};
        use std::sync::atomic::{AtomicU64, Ordering};
        static COUNTER: AtomicU64 = AtomicU64::new(0);
        let mut h = std::collections::hash_map::RandomState::new().build_hasher();
        h.write_u64(COUNTER.fetch_add(1, Ordering::Relaxed));
        h.write_u128(std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map(|d| d.as_nanos()).unwrap_or(0));
        h.finish()
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use argon2::{PasswordHasher, PasswordVerifier};

    /// The judge's current hasher (src/judge/mod.rs): the same parameters.
    fn theirs() -> Argon2<'static> {
        Argon2::new(Algorithm::Argon2id, Version::V0x13, Params::new(M_COST, T_COST, P_COST, None).unwrap())
    }

    /// A cheap PHC string for tests that only need a valid one.
    fn cheap(pw: &str, salt: &[u8]) -> String {
        Argon2::new(Algorithm::Argon2id, Version::V0x13, Params::new(8, 1, 1, None).unwrap()).hash_password_with_salt(pw.as_bytes(), salt).unwrap().to_string()
    }

    #[test]
    fn round_trip_and_wrong_password() {
        let mut p = Passwords::new();
        let h = p.hash("hunter2").unwrap();
        assert!(h.starts_with("$argon2id$v=19$m=19456,t=2,p=1$"), "{h}");
        assert_eq!(p.work_done(), 1);
        // remembered from the hash
        assert!(p.verify(&h, "hunter2").unwrap());
        assert_eq!(p.work_done(), 1);
        assert!(!p.verify(&h, "hunter3").unwrap());
        assert!(!p.verify(&h, "").unwrap());
        assert_eq!(p.work_done(), 3);
        // a fresh one (empty cache) computes and agrees
        let mut q = Passwords::new();
        assert!(q.verify(&h, "hunter2").unwrap());
        assert!(!q.verify(&h, "Hunter2").unwrap());
        assert_eq!(q.work_done(), 2);
        // two hashes of one password differ (salt)
        assert_ne!(p.hash("hunter2").unwrap(), h);
    }

    #[test]
    fn interop_with_the_argon2_crate() {
        // theirs -> ours (what the databases hold today)
        let old = theirs().hash_password(b"s3cret pass").unwrap().to_string();
        let mut p = Passwords::new();
        assert!(p.verify(&old, "s3cret pass").unwrap());
        assert!(!p.verify(&old, "s3cret pas").unwrap());
        // ours -> theirs, after the buffer was used (reuse without clearing)
        let mine = p.hash("pässwörd ✓").unwrap();
        assert!(theirs().verify_password("pässwörd ✓".as_bytes(), mine.as_str()).is_ok());
        assert!(theirs().verify_password(b"passwoerd", mine.as_str()).is_err());
        // other parameters and variants (smaller and larger than the buffer)
        let mut p = Passwords::new();
        for (alg, v, m, t, pl) in [
            (Algorithm::Argon2id, Version::V0x13, 8, 1, 1),
            (Algorithm::Argon2i, Version::V0x13, 4096, 3, 2),
            (Algorithm::Argon2d, Version::V0x10, 32_768, 1, 4),
            (Algorithm::Argon2id, Version::V0x13, 64, 1, 1),
        ] {
            let h = Argon2::new(alg, v, Params::new(m, t, pl, Some(20)).unwrap()).hash_password(b"x").unwrap().to_string();
            assert!(p.verify(&h, "x").unwrap(), "{h}");
            assert!(!p.verify(&h, "y").unwrap(), "{h}");
        }
    }

    #[test]
    fn costly_or_foreign_hashes_are_refused() {
        let mut p = Passwords::new();
        let h = cheap("pw", b"saltsalt");
        let salt_hash = &h[h.find("$m=").unwrap() + 1..];
        let salt_hash = &salt_hash[salt_hash.find('$').unwrap()..];
        for (params, refused) in [
            ("m=65536,t=1,p=1", false),
            ("m=65537,t=1,p=1", true),
            ("m=4294967295,t=1,p=1", true),
            ("m=8,t=10,p=1", false),
            ("m=8,t=11,p=1", true),
            ("m=32,t=1,p=4", false),
            ("m=40,t=1,p=5", true),
            ("m=19456,t=4294967295,p=4", true),
        ] {
            let phc = format!("$argon2id$v=19${params}{salt_hash}");
            let r = p.verify(&phc, "pw");
            if refused {
                assert!(matches!(r, Err(PasswordError::TooExpensive { .. })), "{phc}: {r:?}");
            } else {
                assert!(matches!(r, Ok(false)), "{phc}: {r:?}");
            }
        }
        assert!(matches!(p.verify(&format!("$argon2id$v=19$m=19456,t=4294967295,p=16777215{salt_hash}"), "pw"), Err(PasswordError::Malformed(_))));
        assert!(p.blocks.len() <= MAX_M_COST as usize);
        for other in [
            "$2b$12$R9h/cIPz0gi.URNNX3kh2OPST9/PgBkqquzi.Ss7KIUgO2t0jWMUW",
            "$scrypt$ln=16,r=8,p=1$aM15713r3Xsvxbi31lqr1Q$nFNh2CVHVjNldFVKDHDlm4CbdRSCdEBsjjJxD+iCs5E",
        ] {
            assert!(matches!(p.verify(other, "pw"), Err(PasswordError::UnsupportedAlgorithm(_))), "{other}");
        }
        assert_eq!(p.work_done(), 3);
    }

    #[test]
    fn garbage_is_an_error_not_a_panic() {
        let mut p = Passwords::new();
        let h = cheap("pw", b"saltsalt");
        let garbage = [
            "".to_string(),
            "$".into(),
            "$$$$$$".into(),
            "argon2id$v=19$m=8,t=1,p=1".into(),
            "$argon2id".into(),
            "$argon2id$v=19$m=8,t=1,p=1".into(),
            "$argon2id$v=19$m=8,t=1,p=1$c2FsdHNhbHQ".into(),
            "$argon2id$v=99$m=8,t=1,p=1$c2FsdHNhbHQ$AAAAAAAAAAAAAAAAAAAAAA".into(),
            "$argon2id$v=19$m=0,t=1,p=1$c2FsdHNhbHQ$AAAAAAAAAAAAAAAAAAAAAA".into(),
            "$argon2id$v=19$m=8,t=0,p=1$c2FsdHNhbHQ$AAAAAAAAAAAAAAAAAAAAAA".into(),
            "$argon2id$v=19$m=8,t=1,p=0$c2FsdHNhbHQ$AAAAAAAAAAAAAAAAAAAAAA".into(),
            "$argon2id$v=19$m=8,t=1,p=1,x=3$c2FsdHNhbHQ$AAAAAAAAAAAAAAAAAAAAAA".into(),
            "$argon2id$v=19$m=-8,t=1,p=1$c2FsdHNhbHQ$AAAAAAAAAAAAAAAAAAAAAA".into(),
            "$argon2id$v=19$m=8,t=1,p=1$!!!$AAAAAAAAAAAAAAAAAAAAAA".into(),
            "$argon2id$v=19$m=8,t=1,p=1$c2FsdHNhbHQ$AA".into(),
            format!("{h}$extra"),
            format!("{h}\0"),
            h.replace("argon2id", "argon2x"),
            "💥$argon2id$v=19$m=8,t=1,p=1$c2FsdHNhbHQ$AAAAAAAAAAAAAAAAAAAAAA".into(),
            "$argon2id$v=19$m=99999999999999999999,t=1,p=1$c2FsdHNhbHQ$AAAAAAAAAAAAAAAAAAAAAA".into(),
        ];
        for g in &garbage {
            assert!(p.verify(g, "pw").is_err(), "{g:?}");
        }
        assert_eq!(p.work_done(), 0);
        // still works afterwards
        assert!(p.verify(&h, "pw").unwrap());
    }

    mod props {
        use super::*;
        use proptest::prelude::*;

        proptest! {
            #[test]
            fn any_stored_string_is_checked_or_refused_without_panic(
                phc in prop_oneof![
                    ".*",
                    "\\$argon2(id|i|d|x)?\\$(v=(16|19|1[0-9]|[0-9]{1,11})\\$)?m=[0-9]{1,3},t=[0-9]{1,2},p=[0-9](,keyid=[A-Za-z0-9]{0,12})?\\$[A-Za-z0-9+/]{0,30}\\$[A-Za-z0-9+/]{0,90}",
                    "\\$argon2id\\$v=19\\$m=[0-9]{4,12},t=[0-9]{1,12},p=[0-9]{1,9}\\$c2FsdHNhbHQ\\$[A-Za-z0-9+/]{43}",
                ],
                pw in ".{0,40}",
            ) {
                let mut p = Passwords::new();
                match p.verify(&phc, &pw) {
                    // anything computed stayed under the caps
                    Ok(_) => prop_assert!(p.blocks.len() <= MAX_M_COST as usize && p.work_done() == 1),
                    Err(_) => prop_assert_eq!(p.cached(), 0),
                }
            }
        }
    }

    #[test]
    fn a_cache_hit_does_no_argon2_work() {
        let mut p = Passwords::new();
        let h = cheap("pw", b"saltsalt");
        assert!(p.verify(&h, "pw").unwrap());
        assert_eq!(p.work_done(), 1);
        for _ in 0..10 {
            assert!(p.verify(&h, "pw").unwrap());
        }
        assert_eq!(p.work_done(), 1);
        // a wrong password is never remembered, nor the right one under another hash
        for _ in 0..3 {
            assert!(!p.verify(&h, "pw2").unwrap());
        }
        assert_eq!(p.work_done(), 4);
        let other = cheap("pw", b"pepperpepper");
        assert!(p.verify(&other, "pw").unwrap());
        assert_eq!(p.work_done(), 5);
        assert_eq!(p.cached(), 2);
        // the cache key is keyed per process: another Passwords does not share it
        assert_ne!(p.cache_key(&h, "pw"), Passwords::new().cache_key(&h, "pw"));
        assert_ne!(p.cache_key(&h, "pw"), p.cache_key(&h, "pw\0"));
    }

    #[test]
    fn the_cache_is_bounded() {
        let mut p = Passwords::new();
        let h = cheap("pw", b"saltsalt");
        assert!(p.verify(&h, "pw").unwrap());
        let first = p.cache_key(&h, "pw").unwrap();
        // fill it through the same path verify and hash use
        for i in 0..CACHE_MAX + 10 {
            let k = p.cache_key(&h, &format!("other {i}")).unwrap();
            p.remember(k);
            assert!(p.cached() <= CACHE_MAX);
        }
        assert_eq!(p.cached(), CACHE_MAX);
        assert_eq!(p.order.len(), CACHE_MAX);
        // the oldest went first
        assert!(!p.cache.contains(&first));
        let w = p.work_done();
        assert!(p.verify(&h, "pw").unwrap());
        assert_eq!(p.work_done(), w + 1);
        assert_eq!(p.cached(), CACHE_MAX);
    }

    #[test]
    fn random_numbers() {
        let a: Vec<u64> = (0..8).map(|_| random_u64()).collect();
        assert!(a.windows(2).any(|w| w[0] != w[1]));
        assert!(try_random_u64().is_ok());
    }
}
