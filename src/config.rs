//! The judge's configuration: one TOML file, validated once at start.
//!
//! Every problem is collected and reported with the key it belongs to
//! (`limits.batch: must be at least 1`). The shipped `config/mailjudge.toml` is
//! embedded as the default, so the judge runs with no file at all.

use crate::timing::{self, Timing};
use chrono_tz::Tz;
use serde::Deserialize;
use std::path::{Path, PathBuf};

/// The shipped default configuration (a local Maildir spool, no mail account).
/// The most bytes of files the end-of-game package attaches (660 kB: with
/// base64 and the summary, a package of at most 1 MB per recipient): a file
/// that does not fit is sent gzipped, and one that does not fit gzipped
/// either is left out, the package saying how to get it.
pub const MAX_PACKAGE_FILES: usize = 660_000;

pub const DEFAULT_TOML: &str = include_str!("../config/mailjudge.toml");

#[derive(Debug, Deserialize, Clone)]
#[serde(deny_unknown_fields)]
struct Raw {
    #[serde(default)]
    webhooks: RawWebhooks,
    judge: RawJudge,
    storage: RawStorage,
    inbound: RawTransport,
    outbound: RawTransport,
    #[serde(default)]
    limits: RawLimits,
    #[serde(default)]
    consent: RawConsent,
    defaults: RawDefaults,
}

#[derive(Debug, Deserialize, Clone)]
#[serde(deny_unknown_fields)]
struct RawJudge {
    address: String,
    #[serde(default = "default_name")]
    name: String,
    keeper: String,
    #[serde(default = "default_tz")]
    timezone: String,
    #[serde(default)]
    variants_dir: Option<PathBuf>,
    #[serde(default)]
    templates_dir: Option<PathBuf>,
    #[serde(default = "default_poll")]
    poll_seconds: u64,
    /// Password needed for CREATE (empty: anyone may create games).
    #[serde(default)]
    create_password: Option<RawSecret>,
}

fn default_name() -> String {
    "mailjudge".into()
}
fn default_tz() -> String {
    "UTC".into()
}
fn default_poll() -> u64 {
    2
}

/// A secret given inline, in a file, or in an environment variable.
#[derive(Debug, Deserialize, Clone)]
#[serde(deny_unknown_fields)]
pub struct RawSecret {
    #[serde(default)]
    pub value: Option<String>,
    #[serde(default)]
    pub file: Option<PathBuf>,
    #[serde(default)]
    pub env: Option<String>,
}

#[derive(Debug, Deserialize, Clone)]
#[serde(deny_unknown_fields)]
struct RawStorage {
    database: PathBuf,
    #[serde(default = "default_sync")]
    synchronous: String,
}

fn default_sync() -> String {
    "full".into()
}

#[derive(Debug, Deserialize, Clone)]
#[serde(deny_unknown_fields)]
struct RawTransport {
    kind: String,
    #[serde(default)]
    path: Option<PathBuf>,
    #[serde(default)]
    host: Option<String>,
    #[serde(default)]
    port: Option<u16>,
    /// tls, starttls or plain.
    #[serde(default)]
    security: Option<String>,
    /// The name the server's certificate must carry (default: host).
    #[serde(default)]
    server_name: Option<String>,
    #[serde(default)]
    ca_file: Option<PathBuf>,
    /// Plain text to a host that is not loopback: refused unless this is true.
    #[serde(default)]
    allow_plain: bool,
    #[serde(default)]
    user: Option<String>,
    #[serde(default)]
    password: Option<RawSecret>,
    #[serde(default)]
    mailbox: Option<String>,
    /// IMAP: what to do with a processed mail: move (to `processed_folder`) or delete.
    #[serde(default)]
    after: Option<String>,
    #[serde(default)]
    processed_folder: Option<String>,
    #[serde(default)]
    quarantine_folder: Option<String>,
    #[serde(default)]
    idle: Option<bool>,
    #[serde(default)]
    idle_seconds: Option<u64>,
    /// Maildir inbound: keep a copy of each processed mail in `cur/` (default:
    /// delete it once its effects are committed; the database keeps it, redacted).
    #[serde(default)]
    keep_processed: bool,
    /// sendmail: the command (default /usr/sbin/sendmail).
    #[serde(default)]
    command: Option<String>,
    /// Outbound: how long a mail is retried before the keeper is told.
    #[serde(default)]
    give_up: Option<String>,
    #[serde(default)]
    timeout_seconds: Option<u64>,
}

#[derive(Debug, Deserialize, Clone)]
#[serde(deny_unknown_fields)]
struct RawWebhooks {
    #[serde(default = "default_webhook_hosts")]
    allowed_hosts: Vec<String>,
    #[serde(default = "yes")]
    https_only: bool,
    #[serde(default)]
    allow_private: bool,
    #[serde(default = "default_webhook_ports")]
    allowed_ports: Vec<u16>,
}

impl Default for RawWebhooks {
    fn default() -> Self {
        RawWebhooks { allowed_hosts: default_webhook_hosts(), https_only: true, allow_private: false, allowed_ports: default_webhook_ports() }
    }
}

fn default_webhook_ports() -> Vec<u16> {
    vec![443]
}

fn default_webhook_hosts() -> Vec<String> {
    vec!["discord.com".into(), "discordapp.com".into()]
}

fn yes() -> bool {
    true
}

#[derive(Debug, Deserialize, Clone)]
#[serde(deny_unknown_fields)]
struct RawLimits {
    #[serde(default = "d_bytes")]
    max_message_bytes: usize,
    #[serde(default = "d_lines")]
    max_lines: usize,
    #[serde(default = "d_rate")]
    mails_per_sender_per_hour: u32,
    #[serde(default = "d_press")]
    max_press_bytes: usize,
    #[serde(default = "d_batch")]
    batch: usize,
    #[serde(default = "d_budget_hour")]
    bytes_per_address_per_hour: u64,
    #[serde(default = "d_budget_day")]
    bytes_per_address_per_day: u64,
    #[serde(default = "d_game_budget")]
    game_bytes_per_address_per_day: u64,
    #[serde(default = "d_waiting")]
    waiting_mails_per_sender: u32,
    #[serde(default = "d_table")]
    table_mails_per_game_per_hour: u32,
    #[serde(default = "d_press_sender")]
    press_bytes_per_sender_per_hour: u64,
}

fn d_bytes() -> usize {
    2 << 20
}
fn d_lines() -> usize {
    400
}
fn d_rate() -> u32 {
    60
}
fn d_press() -> usize {
    16_384
}
fn d_batch() -> usize {
    64
}
fn d_budget_hour() -> u64 {
    5_000_000
}
fn d_budget_day() -> u64 {
    20_000_000
}
fn d_game_budget() -> u64 {
    50_000_000
}
fn d_waiting() -> u32 {
    100
}
fn d_table() -> u32 {
    6
}
fn d_press_sender() -> u64 {
    1_000_000
}

impl Default for RawLimits {
    fn default() -> Self {
        RawLimits {
            max_message_bytes: d_bytes(),
            max_lines: d_lines(),
            mails_per_sender_per_hour: d_rate(),
            max_press_bytes: d_press(),
            batch: d_batch(),
            bytes_per_address_per_hour: d_budget_hour(),
            bytes_per_address_per_day: d_budget_day(),
            game_bytes_per_address_per_day: d_game_budget(),
            waiting_mails_per_sender: d_waiting(),
            table_mails_per_game_per_hour: d_table(),
            press_bytes_per_sender_per_hour: d_press_sender(),
        }
    }
}

#[derive(Debug, Deserialize, Clone)]
#[serde(deny_unknown_fields)]
struct RawConsent {
    #[serde(default = "yes")]
    required: bool,
    #[serde(default)]
    trusted_domains: Vec<String>,
    #[serde(default)]
    authserv_id: String,
    #[serde(default = "d_unconfirmed")]
    unconfirmed_reply_bytes_per_hour: u64,
    #[serde(default = "d_requests_mail")]
    requests_per_mail: u32,
    #[serde(default = "d_requests_sender")]
    requests_per_sender_per_day: u32,
    #[serde(default = "d_requests_game")]
    requests_per_game_per_day: u32,
    #[serde(default = "d_requests_hour")]
    requests_per_hour: u32,
}

fn d_unconfirmed() -> u64 {
    100_000
}
fn d_requests_mail() -> u32 {
    3
}
fn d_requests_sender() -> u32 {
    10
}
fn d_requests_game() -> u32 {
    20
}
fn d_requests_hour() -> u32 {
    60
}

impl Default for RawConsent {
    fn default() -> Self {
        RawConsent {
            required: true,
            trusted_domains: Vec::new(),
            authserv_id: String::new(),
            unconfirmed_reply_bytes_per_hour: d_unconfirmed(),
            requests_per_mail: d_requests_mail(),
            requests_per_sender_per_day: d_requests_sender(),
            requests_per_game_per_day: d_requests_game(),
            requests_per_hour: d_requests_hour(),
        }
    }
}

#[derive(Debug, Deserialize, Clone)]
#[serde(deny_unknown_fields)]
struct RawDefaults {
    movement: String,
    retreat: String,
    adjustment: String,
    grace: String,
    reminder: String,
    #[serde(default = "d_white")]
    press: String,
}

fn d_white() -> String {
    "white".into()
}

/// How a connection to a mail server is protected.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Security {
    /// TLS from the first byte (IMAPS 993, SMTPS 465).
    Tls,
    /// Plain, then STARTTLS before anything else (IMAP 143, submission 587).
    StartTls,
    /// No encryption (loopback only, unless `allow_plain`).
    Plain,
}

/// A mail server to connect to.
#[derive(Debug, Clone, PartialEq)]
pub struct Server {
    pub host: String,
    pub port: u16,
    pub security: Security,
    pub server_name: String,
    pub ca_file: Option<PathBuf>,
    pub user: Option<String>,
    pub password: Option<String>,
    pub timeout_secs: u64,
}

#[derive(Debug, Clone, PartialEq)]
pub struct Imap {
    pub server: Server,
    pub mailbox: String,
    /// Where processed mail goes (`None`: deleted).
    pub processed_folder: Option<String>,
    pub quarantine_folder: String,
    pub idle: bool,
    pub idle_secs: u64,
}

/// Where mail comes from or goes to.
#[derive(Debug, Clone, PartialEq)]
pub enum Transport {
    Maildir(PathBuf),
    Imap(Box<Imap>),
    Smtp(Box<Server>),
    Sendmail(String),
}

impl Server {
    fn describe(&self) -> String {
        let sec = match self.security {
            Security::Tls => "TLS",
            Security::StartTls => "STARTTLS",
            Security::Plain => "plain",
        };
        let user = self.user.as_deref().map(|u| format!(", user {u}")).unwrap_or_default();
        format!("{}:{} ({sec}, certificate name {}{user})", self.host, self.port, self.server_name)
    }
}

impl Transport {
    /// One line for people (never the password).
    pub fn describe(&self) -> String {
        match self {
            Transport::Maildir(p) => format!("Maildir {}", p.display()),
            Transport::Imap(i) => format!(
                "IMAP {}, mailbox {}, then {}, unreadable mail to {}, {}",
                i.server.describe(),
                i.mailbox,
                i.processed_folder.as_deref().map(|f| format!("moved to {f}")).unwrap_or_else(|| "deleted".into()),
                i.quarantine_folder,
                if i.idle { format!("IDLE (renewed every {} s)", i.idle_secs) } else { "polling".into() }
            ),
            Transport::Smtp(s) => format!("SMTP {}", s.describe()),
            Transport::Sendmail(c) => format!("sendmail command {c}"),
        }
    }
}

#[derive(Debug, Clone)]
pub struct Limits {
    pub max_message_bytes: usize,
    pub max_lines: usize,
    pub mails_per_sender_per_hour: u32,
    pub max_press_bytes: usize,
    pub batch: usize,
    /// Bytes (attachments included) the judge sends one mailbox in an hour
    /// and in a day, a game's own scheduled mail left out (see
    /// [`crate::context::budget`]).
    pub bytes_per_address_per_hour: u64,
    pub bytes_per_address_per_day: u64,
    /// Bytes of games' own scheduled mail one mailbox gets in a day (a
    /// bound for games made to aim their results at someone).
    pub game_bytes_per_address_per_day: u64,
    /// Mails of one sender kept to be handled later (over the hourly rate);
    /// more are dropped and logged.
    pub waiting_mails_per_sender: u32,
    /// Mailings of a whole table that a game's master's commands may cause
    /// in an hour (PAUSE, RESUME, SET DEADLINE, ROLLBACK, PROCESS ...).
    pub table_mails_per_game_per_hour: u32,
    /// Bytes of press copies one sender makes the judge send others in an
    /// hour (see [`crate::context::budget::decide_charged`]).
    pub press_bytes_per_sender_per_hour: u64,
}

/// Who may be mailed (`[consent]`, see [`crate::context::gate`]).
#[derive(Debug, Clone)]
pub struct Consent {
    /// Addresses must consent before they get anything but replies (false:
    /// a closed club, where every address is taken as consenting).
    pub required: bool,
    /// Domains whose every address consents, and their subdomains' (lower case).
    pub trusted_domains: Vec<String>,
    /// The keeper's own mail server's name in `Authentication-Results`
    /// (empty: those headers are not read).
    pub authserv_id: String,
    /// Bytes of replies an address that has not consented gets in an hour.
    pub unconfirmed_reply_bytes_per_hour: u64,
    /// Confirmation requests one mail may cause (its reply's own included).
    pub requests_per_mail: u32,
    /// Confirmation requests one sender's mail may cause in a day.
    pub requests_per_sender_per_day: u32,
    /// Confirmation requests about one game in a day.
    pub requests_per_game_per_day: u32,
    /// Confirmation requests the whole judge sends in an hour.
    pub requests_per_hour: u32,
}

impl Consent {
    /// Whether every address of `mailbox`'s domain consents (a trusted
    /// domain, or a subdomain of one).
    pub fn trusts(&self, mailbox: &str) -> bool {
        let Some((_, d)) = mailbox.rsplit_once('@') else { return false };
        let d = d.to_ascii_lowercase();
        self.trusted_domains.iter().any(|t| d == *t || d.strip_suffix(t.as_str()).is_some_and(|rest| rest.ends_with('.')))
    }
}

/// Timings given to new games.
#[derive(Debug, Clone)]
pub struct Defaults {
    pub movement: String,
    pub retreat: String,
    pub adjustment: String,
    pub grace_secs: i64,
    pub reminder_secs: i64,
    pub press: crate::store::games::Press,
}

/// Where game masters may point webhooks (`[webhooks]`): a URL set by a
/// GM is a request the judge's machine makes, so only to these hosts.
#[derive(Debug, Clone)]
pub struct Webhooks {
    /// Host names a webhook may name (exactly, lower case).
    pub allowed_hosts: Vec<String>,
    /// Only `https://` URLs.
    pub https_only: bool,
    /// Hosts that resolve to loopback, private or link-local addresses
    /// (tests; a forum on the judge's own network).
    pub allow_private: bool,
    /// Ports a webhook URL may name (443 unless the keeper allows others).
    pub allowed_ports: Vec<u16>,
}

/// A validated configuration.
#[derive(Debug, Clone)]
pub struct Config {
    pub address: String,
    pub name: String,
    pub keeper: String,
    pub timezone: Tz,
    pub variants_dir: Option<PathBuf>,
    pub templates_dir: Option<PathBuf>,
    pub poll_seconds: u64,
    pub create_password: Option<String>,
    pub database: PathBuf,
    pub synchronous_full: bool,
    pub inbound: Transport,
    /// Maildir inbound: keep processed mail in `cur/`.
    pub keep_processed: bool,
    pub outbound: Transport,
    /// How long the outbox retries a mail before giving up and telling the keeper.
    pub give_up_secs: i64,
    pub limits: Limits,
    pub consent: Consent,
    pub defaults: Defaults,
    pub webhooks: Webhooks,
}

/// Every problem found in a configuration, each naming its key.
#[derive(Debug, thiserror::Error)]
#[error("{}", .problems.join("\n"))]
pub struct ConfigError {
    pub problems: Vec<String>,
}

fn valid_address(a: &str) -> bool {
    a.parse::<lettre::Address>().is_ok()
}

fn resolve_secret(key: &str, s: &RawSecret, problems: &mut Vec<String>) -> Option<String> {
    let given = [s.value.is_some(), s.file.is_some(), s.env.is_some()].iter().filter(|b| **b).count();
    if given != 1 {
        problems.push(format!("{key}: give exactly one of `value`, `file` or `env`"));
        return None;
    }
    if let Some(v) = &s.value {
        return Some(v.clone());
    }
    if let Some(f) = &s.file {
        return match std::fs::read_to_string(f) {
            Ok(t) => Some(t.trim_end_matches(['\n', '\r']).to_string()),
            Err(e) => {
                problems.push(format!("{key}.file: cannot read {}: {e}", f.display()));
                None
            }
        };
    }
    let name = s.env.as_deref().unwrap_or_default();
    match std::env::var(name) {
        Ok(v) if !v.is_empty() => Some(v),
        _ => {
            problems.push(format!("{key}.env: environment variable {name} is not set"));
            None
        }
    }
}

impl Config {
    /// The embedded default.
    pub fn default_config() -> Config {
        Config::from_toml(DEFAULT_TOML).expect("the shipped configuration is valid")
    }

    /// Reads `path`, or the embedded default when `path` is `None`.
    pub fn load(path: Option<&Path>) -> Result<Config, ConfigError> {
        match path {
            None => Ok(Config::default_config()),
            Some(p) => {
                let text = std::fs::read_to_string(p).map_err(|e| ConfigError { problems: vec![format!("{}: cannot read: {e}", p.display())] })?;
                Config::from_toml(&text)
            }
        }
    }

    pub fn from_toml(text: &str) -> Result<Config, ConfigError> {
        let raw: Raw = toml::from_str(text).map_err(|e| ConfigError { problems: vec![describe_toml_error(&e)] })?;
        let mut problems = Vec::new();
        let j = &raw.judge;
        if !valid_address(&j.address) {
            problems.push(format!("judge.address: `{}` is not a mail address", j.address));
        }
        if !valid_address(&j.keeper) {
            problems.push(format!("judge.keeper: `{}` is not a mail address", j.keeper));
        }
        let timezone: Tz = j.timezone.parse().unwrap_or_else(|_| {
            problems.push(format!("judge.timezone: `{}` is not an IANA time zone name (like Europe/London)", j.timezone));
            Tz::UTC
        });
        if j.poll_seconds == 0 || j.poll_seconds > 3600 {
            problems.push("judge.poll_seconds: must be between 1 and 3600".into());
        }
        let create_password = j.create_password.as_ref().and_then(|s| resolve_secret("judge.create_password", s, &mut problems));
        let synchronous_full = match raw.storage.synchronous.as_str() {
            "full" => true,
            "normal" => false,
            other => {
                problems.push(format!("storage.synchronous: `{other}` is not one of full, normal"));
                true
            }
        };
        let inbound = transport("inbound", &raw.inbound, true, &mut problems);
        let outbound = transport("outbound", &raw.outbound, false, &mut problems);
        let give_up_secs = match &raw.outbound.give_up {
            Some(t) => timing::parse_duration(t).unwrap_or_else(|e| {
                problems.push(format!("outbound.give_up: {e}"));
                0
            }),
            None => 3 * 86_400,
        };
        let l = &raw.limits;
        if l.batch == 0 {
            problems.push("limits.batch: must be at least 1".into());
        }
        if l.max_lines == 0 {
            problems.push("limits.max_lines: must be at least 1".into());
        }
        if l.max_message_bytes < 1024 {
            problems.push("limits.max_message_bytes: must be at least 1024".into());
        }
        if l.mails_per_sender_per_hour == 0 {
            problems.push("limits.mails_per_sender_per_hour: must be at least 1".into());
        }
        if l.bytes_per_address_per_hour < 100_000 {
            problems.push("limits.bytes_per_address_per_hour: must be at least 100000".into());
        }
        if l.bytes_per_address_per_day < l.bytes_per_address_per_hour {
            problems.push("limits.bytes_per_address_per_day: must be at least limits.bytes_per_address_per_hour".into());
        }
        if l.game_bytes_per_address_per_day < 1_000_000 {
            problems.push("limits.game_bytes_per_address_per_day: must be at least 1000000".into());
        }
        if l.waiting_mails_per_sender == 0 {
            problems.push("limits.waiting_mails_per_sender: must be at least 1".into());
        }
        if l.press_bytes_per_sender_per_hour < 10_000 {
            problems.push("limits.press_bytes_per_sender_per_hour: must be at least 10000".into());
        }
        if l.table_mails_per_game_per_hour == 0 {
            problems.push("limits.table_mails_per_game_per_hour: must be at least 1".into());
        }
        let consent = consent(&raw.consent, &mut problems);
        let d = &raw.defaults;
        for (k, v) in [("movement", &d.movement), ("retreat", &d.retreat), ("adjustment", &d.adjustment)] {
            if let Err(e) = Timing::parse(v) {
                problems.push(format!("defaults.{k}: {e}"));
            }
        }
        let grace_secs = timing::parse_duration(&d.grace).unwrap_or_else(|e| {
            problems.push(format!("defaults.grace: {e}"));
            0
        });
        let reminder_secs = timing::parse_duration(&d.reminder).unwrap_or_else(|e| {
            problems.push(format!("defaults.reminder: {e}"));
            0
        });
        let press = crate::store::games::Press::from_word(&d.press).unwrap_or_else(|| {
            problems.push(format!("defaults.press: `{}` is not one of white, grey, grey/white, grey_only, none", d.press));
            crate::store::games::Press::White
        });
        if !problems.is_empty() {
            return Err(ConfigError { problems });
        }
        Ok(Config {
            address: j.address.clone(),
            name: j.name.clone(),
            keeper: j.keeper.clone(),
            timezone,
            variants_dir: j.variants_dir.clone(),
            templates_dir: j.templates_dir.clone(),
            poll_seconds: j.poll_seconds,
            create_password,
            database: raw.storage.database.clone(),
            synchronous_full,
            inbound,
            keep_processed: raw.inbound.keep_processed,
            outbound,
            give_up_secs,
            limits: Limits {
                max_message_bytes: l.max_message_bytes,
                max_lines: l.max_lines,
                mails_per_sender_per_hour: l.mails_per_sender_per_hour,
                max_press_bytes: l.max_press_bytes,
                batch: l.batch,
                bytes_per_address_per_hour: l.bytes_per_address_per_hour,
                bytes_per_address_per_day: l.bytes_per_address_per_day,
                game_bytes_per_address_per_day: l.game_bytes_per_address_per_day,
                waiting_mails_per_sender: l.waiting_mails_per_sender,
                table_mails_per_game_per_hour: l.table_mails_per_game_per_hour,
                press_bytes_per_sender_per_hour: l.press_bytes_per_sender_per_hour,
            },
            consent,
            defaults: Defaults { movement: d.movement.clone(), retreat: d.retreat.clone(), adjustment: d.adjustment.clone(), grace_secs, reminder_secs, press },
            webhooks: Webhooks {
                allowed_hosts: raw.webhooks.allowed_hosts.iter().map(|h| h.trim().to_ascii_lowercase()).collect(),
                https_only: raw.webhooks.https_only,
                allow_private: raw.webhooks.allow_private,
                allowed_ports: raw.webhooks.allowed_ports.clone(),
            },
        })
    }

    /// The domain of the judge's address (for Message-IDs).
    pub fn domain(&self) -> &str {
        self.address.rsplit_once('@').map(|(_, d)| d).unwrap_or("localhost")
    }
}

/// `[consent]`, checked (see [`crate::context::gate`]).
fn consent(c: &RawConsent, problems: &mut Vec<String>) -> Consent {
    if c.unconfirmed_reply_bytes_per_hour < 10_000 {
        problems.push("consent.unconfirmed_reply_bytes_per_hour: must be at least 10000".into());
    }
    if c.requests_per_mail == 0 || c.requests_per_mail > 10 {
        problems.push("consent.requests_per_mail: must be between 1 and 10".into());
    }
    for (k, v) in [
        ("requests_per_sender_per_day", c.requests_per_sender_per_day),
        ("requests_per_game_per_day", c.requests_per_game_per_day),
        ("requests_per_hour", c.requests_per_hour),
    ] {
        if v == 0 {
            problems.push(format!("consent.{k}: must be at least 1"));
        }
    }
    for d in &c.trusted_domains {
        if d.trim().is_empty() || d.contains('@') || d.contains(char::is_whitespace) {
            problems.push(format!("consent.trusted_domains: `{d}` is not a domain name"));
        }
    }
    if c.authserv_id.contains(char::is_whitespace) || c.authserv_id.contains(';') {
        problems.push(format!("consent.authserv_id: `{}` is not a server's name", c.authserv_id));
    }
    Consent {
        required: c.required,
        trusted_domains: c.trusted_domains.iter().map(|d| d.trim().to_ascii_lowercase()).collect(),
        authserv_id: c.authserv_id.clone(),
        unconfirmed_reply_bytes_per_hour: c.unconfirmed_reply_bytes_per_hour,
        requests_per_mail: c.requests_per_mail,
        requests_per_sender_per_day: c.requests_per_sender_per_day,
        requests_per_game_per_day: c.requests_per_game_per_day,
        requests_per_hour: c.requests_per_hour,
    }
}

fn is_loopback(host: &str) -> bool {
    host == "localhost" || host.parse::<std::net::IpAddr>().is_ok_and(|ip| ip.is_loopback())
}

fn server(key: &str, t: &RawTransport, default_ports: (u16, u16, u16), problems: &mut Vec<String>) -> Server {
    let host = t.host.clone().unwrap_or_else(|| {
        problems.push(format!("{key}.host: missing"));
        String::new()
    });
    let security = match t.security.as_deref().unwrap_or("tls") {
        "tls" => Security::Tls,
        "starttls" => Security::StartTls,
        "plain" => Security::Plain,
        other => {
            problems.push(format!("{key}.security: `{other}` is not one of tls, starttls, plain"));
            Security::Tls
        }
    };
    if security == Security::Plain && !is_loopback(&host) && !t.allow_plain {
        problems.push(format!(
            "{key}.security: plain text to {host}, which is not loopback: use tls or starttls (or set {key}.allow_plain = true if you really mean it)"
        ));
    }
    let port = t.port.unwrap_or(match security {
        Security::Tls => default_ports.0,
        Security::StartTls => default_ports.1,
        Security::Plain => default_ports.2,
    });
    if let Some(f) = &t.ca_file
        && !f.is_file()
    {
        problems.push(format!("{key}.ca_file: {} is not a file", f.display()));
    }
    let password = t.password.as_ref().and_then(|s| resolve_secret(&format!("{key}.password"), s, problems));
    Server {
        server_name: t.server_name.clone().unwrap_or_else(|| host.clone()),
        host,
        port,
        security,
        ca_file: t.ca_file.clone(),
        user: t.user.clone(),
        password,
        timeout_secs: t.timeout_seconds.unwrap_or(60),
    }
}

fn transport(key: &str, t: &RawTransport, inbound: bool, problems: &mut Vec<String>) -> Transport {
    match (t.kind.as_str(), inbound) {
        ("maildir", _) => match &t.path {
            Some(p) => Transport::Maildir(p.clone()),
            None => {
                problems.push(format!("{key}.path: a maildir transport needs a path"));
                Transport::Maildir(PathBuf::new())
            }
        },
        ("imap", true) => {
            let server = server(key, t, (993, 143, 143), problems);
            if server.user.is_none() || server.password.is_none() {
                problems.push(format!("{key}: IMAP needs `user` and `password`"));
            }
            let processed_folder = match t.after.as_deref().unwrap_or("move") {
                "move" => Some(t.processed_folder.clone().unwrap_or_else(|| "Processed".into())),
                "delete" => None,
                other => {
                    problems.push(format!("{key}.after: `{other}` is not one of move, delete"));
                    None
                }
            };
            Transport::Imap(Box::new(Imap {
                server,
                mailbox: t.mailbox.clone().unwrap_or_else(|| "INBOX".into()),
                processed_folder,
                quarantine_folder: t.quarantine_folder.clone().unwrap_or_else(|| "Quarantine".into()),
                idle: t.idle.unwrap_or(true),
                idle_secs: t.idle_seconds.unwrap_or(30).clamp(1, 1740),
            }))
        }
        ("smtp", false) => {
            let server = server(key, t, (465, 587, 25), problems);
            if server.user.is_some() != server.password.is_some() {
                problems.push(format!("{key}: give both `user` and `password` for SMTP AUTH, or neither"));
            }
            Transport::Smtp(Box::new(server))
        }
        ("sendmail", false) => Transport::Sendmail(t.command.clone().unwrap_or_else(|| "/usr/sbin/sendmail".into())),
        (other, _) => {
            let known = if inbound { "maildir, imap" } else { "maildir, smtp, sendmail" };
            problems.push(format!("{key}.kind: `{other}` is not a known transport here ({known})"));
            Transport::Maildir(PathBuf::new())
        }
    }
}

fn describe_toml_error(e: &toml::de::Error) -> String {
    let msg = e.message().trim().to_string();
    match e.span() {
        Some(span) => format!("configuration (at byte {}): {msg}", span.start),
        None => format!("configuration: {msg}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shipped_default_is_valid() {
        let c = Config::default_config();
        assert_eq!(c.inbound, Transport::Maildir(PathBuf::from("./var/inbox")));
        assert_eq!(c.database, PathBuf::from("./var/mailjudge.db"));
        // the inbound limit is above the largest mail the judge sends itself (the
        // end-of-game package: its files encoded, with the summary), so a player may forward one
        let package = crate::store::outbox::encoded(MAX_PACKAGE_FILES as u64) + 64 * 1024;
        assert!(package <= 1_000_000, "{package}");
        assert!(c.limits.max_message_bytes as u64 > package + 64 * 1024, "{}", c.limits.max_message_bytes);
    }

    #[test]
    fn consent_is_required_by_default_and_its_limits_are_checked() {
        let c = Config::default_config();
        assert!(c.consent.required && c.consent.trusted_domains.is_empty() && c.consent.authserv_id.is_empty());
        assert_eq!(
            (c.consent.requests_per_mail, c.consent.requests_per_sender_per_day, c.consent.requests_per_game_per_day, c.consent.requests_per_hour),
            (3, 10, 20, 60)
        );
        assert_eq!(c.consent.unconfirmed_reply_bytes_per_hour, 100_000);
        let with = |from: &str, to: &str| Config::from_toml(&DEFAULT_TOML.replace(from, to));
        let club = with("trusted_domains = []", "trusted_domains = [\"Club.Example\"]").unwrap();
        assert!(club.consent.trusts("a@club.example") && club.consent.trusts("a@mail.club.example"));
        assert!(!club.consent.trusts("a@notclub.example") && !club.consent.trusts("a@club.example.org"));
        // at and past the limits
        assert!(with("requests_per_mail = 3", "requests_per_mail = 10").is_ok());
        let e = with("requests_per_mail = 3", "requests_per_mail = 11").unwrap_err().to_string();
        assert!(e.contains("consent.requests_per_mail"), "{e}");
        assert!(with("requests_per_hour = 60", "requests_per_hour = 0").unwrap_err().to_string().contains("consent.requests_per_hour"));
        assert!(with("unconfirmed_reply_bytes_per_hour = 100000", "unconfirmed_reply_bytes_per_hour = 10000").is_ok());
        assert!(with("unconfirmed_reply_bytes_per_hour = 100000", "unconfirmed_reply_bytes_per_hour = 9999").is_err());
        assert!(with("trusted_domains = []", "trusted_domains = [\"a@b\"]").is_err());
        assert!(with("authserv_id = \"\"", "authserv_id = \"mx; x\"").is_err());
    }

    #[test]
    fn problems_name_their_keys() {
        let text = DEFAULT_TOML
            .replace("timezone = \"UTC\"", "timezone = \"Mars/Olympus\"")
            .replace("batch = 64", "batch = 0")
            .replace("movement = \"next 48 hours at 20:00\"", "movement = \"whenever\"");
        let e = Config::from_toml(&text).unwrap_err();
        let all = e.problems.join("\n");
        assert!(all.contains("judge.timezone: `Mars/Olympus`"), "{all}");
        assert!(all.contains("limits.batch"), "{all}");
        assert!(all.contains("defaults.movement"), "{all}");
        assert_eq!(e.problems.len(), 3);
    }

    #[test]
    fn plain_text_only_to_loopback_unless_allowed() {
        let imap = |host: &str, extra: &str| {
            DEFAULT_TOML.replace(
                "kind = \"maildir\"\npath = \"./var/inbox\"",
                &format!("kind = \"imap\"\nhost = \"{host}\"\nsecurity = \"plain\"\nuser = \"j\"\npassword = {{ value = \"pw\" }}\n{extra}"),
            )
        };
        let e = Config::from_toml(&imap("imap.example.org", "")).unwrap_err();
        assert!(e.problems[0].starts_with("inbound.security: plain text to imap.example.org"), "{:?}", e.problems);
        let c = Config::from_toml(&imap("127.0.0.1", "")).unwrap();
        assert!(matches!(&c.inbound, Transport::Imap(i) if i.server.port == 143 && i.server.security == Security::Plain));
        assert!(Config::from_toml(&imap("imap.example.org", "allow_plain = true")).is_ok());
        // and the password is never in the description
        assert!(!c.inbound.describe().contains("pw"));
    }

    #[test]
    fn unknown_keys_are_refused() {
        let text = DEFAULT_TOML.replace("[limits]", "[limits]\nmax_lnes = 3");
        let e = Config::from_toml(&text).unwrap_err();
        assert!(e.problems[0].contains("max_lnes"), "{:?}", e.problems);
    }

    #[test]
    fn secrets_from_env_and_file() {
        let dir = tempfile::tempdir().unwrap();
        let f = dir.path().join("pw");
        std::fs::write(&f, "s3cret\n").unwrap();
        let text = DEFAULT_TOML.replace("poll_seconds = 2", &format!("poll_seconds = 2\ncreate_password = {{ file = {:?} }}", f));
        assert_eq!(Config::from_toml(&text).unwrap().create_password.as_deref(), Some("s3cret"));
        let text = DEFAULT_TOML.replace("poll_seconds = 2", "poll_seconds = 2\ncreate_password = { env = \"MAILJUDGE_TEST_UNSET_VAR\" }");
        let e = Config::from_toml(&text).unwrap_err();
        assert!(e.problems[0].contains("judge.create_password.env"), "{:?}", e.problems);
    }
}
