//! Plain values kept in a game's stored settings, defined here so that the
//! store reads them without knowing who writes or uses them: how results are
//! written ([`ReportFormat`], used by `report`) and a game's forum webhooks
//! ([`Webhook`], posted to by `publish`, and why `publish` refuses its URL:
//! [`UrlError`], which a refused game option carries).

use serde::{Deserialize, Serialize};

/// How a results report is written: plain text for mail, Markdown for
/// Discord, Discourse and Markdown forums, BBCode for phpBB-style forums.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum ReportFormat {
    #[default]
    Text,
    Markdown,
    #[serde(rename = "bbcode")]
    BBCode,
}

/// The kind of forum a webhook posts to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum WebhookKind {
    Discord,
    Discourse,
}

/// One of a game's webhooks.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Webhook {
    pub kind: WebhookKind,
    pub url: String,
    /// Discourse: the topic posted to.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub topic: Option<u64>,
    /// Discourse: the API key (a secret: never shown back, never logged).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub key: Option<String>,
    /// Discourse: the user it posts as.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub user: Option<String>,
}

/// Why a webhook's URL is refused (`publish::check_url`).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum UrlError {
    #[error("not a URL the judge can post to")]
    Malformed,
    #[error("only https:// URLs")]
    NotHttps,
    #[error("the host {0} is not one this judge posts to")]
    HostNotAllowed(String),
    #[error("the host {0} is on a private network")]
    Private(String),
    #[error("the host {0} cannot be found")]
    Unresolved(String),
    #[error("port {0} is not one this judge posts to")]
    PortNotAllowed(u16),
}
