//! Forums: results in Markdown and BBCode for a game's list, and webhooks
//! (Discord, Discourse) posted over real HTTP to a small server on
//! 127.0.0.1, with retries, Retry-After and the give-up; webhook URLs a
//! master may not set; a webhook's secrets never shown back or stored.

use crate::common;
use common::db::{self, count};
use common::game::{GM, Game};
use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpListener;
use std::sync::{Arc, Mutex};
use tracing_subscriber::layer::SubscriberExt;
use tracing_subscriber::util::SubscriberInitExt;

const MASTER: &str = "SIGNON Mdemo gmpass";

/// A request the server got.
#[derive(Clone, Debug)]
struct Request {
    path: String,
    headers: Vec<(String, String)>,
    body: serde_json::Value,
}

/// An HTTP server on 127.0.0.1 that answers with `answers` in turn (the
/// last one for ever) and keeps what it got; it stops when the test ends.
struct Server {
    port: u16,
    got: Arc<Mutex<Vec<Request>>>,
}

impl Server {
    fn start(answers: Vec<(u16, Option<u64>)>) -> Server {
        Server::slow(answers, std::time::Duration::ZERO)
    }

    /// A server that takes `delay` to answer each request.
    fn slow(answers: Vec<(u16, Option<u64>)>, delay: std::time::Duration) -> Server {
        let listener = TcpListener::bind("127.0.0.1:0").unwrap();
        let port = listener.local_addr().unwrap().port();
        let got = Arc::new(Mutex::new(Vec::new()));
        let seen = got.clone();
        std::thread::spawn(move || {
            for (n, conn) in listener.incoming().enumerate().take(200) {
                let Ok(mut conn) = conn else { break };
                conn.set_read_timeout(Some(std::time::Duration::from_secs(5))).ok();
                let mut reader = BufReader::new(conn.try_clone().unwrap());
                let mut first = String::new();
                if reader.read_line(&mut first).is_err() {
                    continue;
                }
                let path = first.split_whitespace().nth(1).unwrap_or("").to_string();
                let mut headers = Vec::new();
                let mut len = 0;
                loop {
                    let mut line = String::new();
                    if reader.read_line(&mut line).unwrap_or(0) == 0 || line.trim().is_empty() {
                        break;
                    }
                    if let Some((k, v)) = line.trim_end().split_once(':') {
                        if k.eq_ignore_ascii_case("content-length") {
                            len = v.trim().parse().unwrap_or(0);
                        }
                        headers.push((k.to_ascii_lowercase(), v.trim().to_string()));
                    }
                }
                let mut body = vec![0; len];
                reader.read_exact(&mut body).ok();
                seen.lock().unwrap().push(Request { path, headers, body: serde_json::from_slice(&body).unwrap_or(serde_json::Value::Null) });
                std::thread::sleep(delay);
                let (status, after) = answers[n.min(answers.len() - 1)];
                let extra = after.map(|a| format!("Retry-After: {a}\r\n")).unwrap_or_default();
                let _ = write!(conn, "HTTP/1.1 {status} X\r\nContent-Length: 2\r\n{extra}Connection: close\r\n\r\nok");
            }
        });
        Server { port, got }
    }
    fn got(&self) -> Vec<Request> {
        self.got.lock().unwrap().clone()
    }
}

/// A started game whose judge may post to 127.0.0.1 over http.
fn game() -> Game {
    let mut g = Game::started();
    g.w.daemon.judge.ctx.cfg.webhooks = mailjudge::config::Webhooks {
        allowed_hosts: vec!["127.0.0.1".into()],
        https_only: false,
        allow_private: true,
        // the test servers listen on ports the system picks
        allowed_ports: (1..=u16::MAX).collect(),
    };
    g
}

fn header<'a>(r: &'a Request, name: &str) -> Option<&'a str> {
    r.headers.iter().find(|(k, _)| k == name).map(|(_, v)| v.as_str())
}

#[test]
fn results_broadcasts_and_the_end_go_to_discord_and_discourse() {
    let mut g = game();
    let discord = Server::start(vec![(204, None)]);
    let discourse = Server::start(vec![(200, None)]);
    let (r, _) = g.send(GM, &format!("{MASTER}\nSET WEBHOOK DISCORD http://127.0.0.1:{}/api/webhooks/1/tok", discord.port));
    assert!(r.contains("will be posted to the Discord webhook at 127.0.0.1"), "{r}");
    assert!(!r.contains("/api/webhooks/1/tok"), "the webhook's token is not echoed: {r}");
    let (r, _) = g.send(GM, &format!("{MASTER}\nSET WEBHOOK DISCOURSE http://127.0.0.1:{} TOPIC 7 KEY sekrit USER judgebot", discourse.port));
    assert!(r.contains("topic 7") && r.contains("KEY ****"), "{r}");
    assert!(!r.contains("sekrit"), "the key is never shown back: {r}");
    assert_eq!(count(db::mails(g.w.db()), |m| db::bytes_like(&m.raw, "%sekrit%") || db::bytes_like(&m.raw, "%webhooks/1/tok%")), 0, "nor stored");
    g.send("p3@example.test", "SIGNON Fdemo pw-three\nBROADCAST\nHello forum.\nENDPRESS");
    g.send("p3@example.test", "SIGNON Fdemo pw-three\nPRESS TO E\nsecret plans\nENDPRESS");
    g.send("p3@example.test", "SIGNON Fdemo pw-three\nA PAR-BUR");
    g.send(GM, &format!("{MASTER}\nPROCESS!"));
    g.send(GM, &format!("{MASTER}\nTERMINATE"));
    let d = discord.got();
    let texts: Vec<String> = d.iter().map(|r| r.body["content"].as_str().unwrap_or("").to_string()).collect();
    assert!(d.iter().all(|r| r.path == "/api/webhooks/1/tok"));
    assert!(texts.iter().all(|t| t.chars().count() <= 2000), "Discord's limit");
    assert!(texts.iter().all(|t| !t.contains("secret plans")), "private press is not published");
    let all = texts.join("\n");
    let hello = all.find("> Hello forum.").expect("the broadcast");
    let results = all.find("## Game demo (standard): Spring 1901 movement results").expect("the results in Markdown");
    let over = all.find("## Game demo is over").unwrap_or_else(|| panic!("the end: {all}"));
    assert!(hello < results && results < over, "posted in order");
    assert!(all.contains("`A PAR - BUR`"));
    assert_eq!(d.iter().filter(|r| r.body["content"].as_str().unwrap_or("").contains("Spring 1901 movement results")).count(), 1, "the report once");
    assert_eq!(texts.len(), 3, "the broadcast, the report, the end");
    assert!(d.iter().all(|r| r.body["allowed_mentions"]["parse"] == serde_json::json!([])), "no @everyone");
    let c = discourse.got();
    assert!(c.iter().all(|r| r.path == "/posts.json" && header(r, "api-key") == Some("sekrit") && header(r, "api-username") == Some("judgebot")));
    assert!(c.iter().all(|r| r.body["topic_id"] == 7));
    let raw: Vec<&str> = c.iter().map(|r| r.body["raw"].as_str().unwrap()).collect();
    assert_eq!(raw.len(), 3, "broadcast, results, end: {raw:?}");
    assert!(raw[1].contains("Spring 1901 movement results") && raw[1].contains("| France | 3 | 3 |"), "{}", raw[1]);
    assert_eq!(count(db::webhooks(g.w.db()), |h| h.sent.is_none()), 0);
}

#[test]
fn a_failing_forum_is_retried_then_given_up_and_the_master_told_once() {
    let mut g = game();
    // 500, then 429 asking for 120 s, then taken
    let flaky = Server::start(vec![(500, None), (429, Some(120)), (200, None)]);
    g.send(GM, &format!("{MASTER}\nSET WEBHOOK DISCORD http://127.0.0.1:{}/hook", flaky.port));
    g.send(GM, &format!("{MASTER}\nBROADCAST\none\nENDPRESS"));
    assert_eq!(flaky.got().len(), 1);
    let t = g.w.now;
    assert_eq!(db::webhooks(g.w.db())[0].next_try, t + 1, "backoff after a 500");
    g.w.set_time(t + 1);
    g.w.step();
    assert_eq!(flaky.got().len(), 2);
    assert_eq!(db::webhooks(g.w.db())[0].next_try, t + 1 + 120, "Retry-After is honoured");
    g.w.set_time(t + 60);
    g.w.step();
    assert_eq!(flaky.got().len(), 2, "not before Retry-After");
    g.w.set_time(t + 121);
    g.w.step();
    assert_eq!(flaky.got().len(), 3);
    assert_eq!(count(db::webhooks(g.w.db()), |h| h.sent.is_some()), 1);
    let posts: Vec<String> = flaky.got().iter().map(|r| r.body["content"].as_str().unwrap().to_string()).collect();
    assert!(posts.iter().all(|p| p == &posts[0]), "the same post each time");

    // a forum that is always down: given up after the configured time
    let mut g = game();
    let down = Server::start(vec![(503, None)]);
    g.send(GM, &format!("{MASTER}\nSET WEBHOOK DISCORD http://127.0.0.1:{}/hook", down.port));
    g.send(GM, &format!("{MASTER}\nBROADCAST\none\nENDPRESS\nBROADCAST\ntwo\nENDPRESS"));
    let give_up = g.w.daemon.judge.ctx.cfg.give_up_secs;
    let t = g.w.now;
    g.w.set_time(t + give_up - 1);
    g.w.step();
    assert_eq!(count(db::webhooks(g.w.db()), |h| h.gave_up.is_some()), 0, "at the give-up time, still tried");
    g.w.set_time(t + give_up + 1);
    let (_, sent) = g.w.step();
    assert_eq!(count(db::webhooks(g.w.db()), |h| h.gave_up.is_some()), 2, "past it, both given up (in order)");
    let told: Vec<_> = sent.iter().filter(|s| s.to == GM && s.subject == "Game demo: posting to a webhook failed").collect();
    assert_eq!(told.len(), 1, "the master is told once");
    assert!(!told[0].body.contains("/hook") && told[0].body.contains("HTTP 503"), "{}", told[0].body);
    // a refusal (4xx) gives up at once
    let mut g = game();
    let gone = Server::start(vec![(404, None)]);
    g.send(GM, &format!("{MASTER}\nSET WEBHOOK DISCORD http://127.0.0.1:{}/hook", gone.port));
    g.send(GM, &format!("{MASTER}\nBROADCAST\none\nENDPRESS"));
    assert_eq!(count(db::webhooks(g.w.db()), |h| h.gave_up.is_some()), 1);
}

#[test]
fn webhook_urls_a_master_may_not_set() {
    let mut g = Game::started();
    // the shipped policy: https, Discord's hosts, no private addresses
    for (url, why) in [
        ("http://discord.com/api/webhooks/1/x", "only https:// URLs"),
        ("https://evil.example.org/hook", "is not one this judge posts to"),
        ("https://user@discord.com/x", "not a URL"),
        ("ftp://discord.com/x", "not a URL"),
        // https' own port only, unless the keeper allows others
        ("https://discord.com:8443/api/webhooks/1/x", "port 8443 is not one this judge posts to"),
    ] {
        let (r, _) = g.send(GM, &format!("{MASTER}\nSET WEBHOOK DISCORD {url}"));
        assert!(r.contains(why), "{url}: {r}");
    }
    // an allowed name that is a private address
    g.w.daemon.judge.ctx.cfg.webhooks = mailjudge::config::Webhooks {
        allowed_hosts: vec!["127.0.0.1".into(), "localhost".into()],
        https_only: false,
        allow_private: false,
        allowed_ports: vec![9],
    };
    for url in ["http://127.0.0.1:9/hook", "http://localhost:9/hook"] {
        let (r, _) = g.send(GM, &format!("{MASTER}\nSET WEBHOOK DISCORD {url}"));
        assert!(r.contains("is on a private network"), "{url}: {r}");
    }
    // the cap: three, then no more
    let mut g = game();
    for k in 1..=mailjudge::publish::MAX_WEBHOOKS {
        let (r, _) = g.send(GM, &format!("{MASTER}\nSET WEBHOOK DISCORD http://127.0.0.1:9/hook{k}"));
        assert!(r.contains("will be posted"), "{r}");
    }
    let (r, _) = g.send(GM, &format!("{MASTER}\nSET WEBHOOK DISCORD http://127.0.0.1:9/hook9"));
    assert!(r.contains(&format!("at most {} webhooks", mailjudge::publish::MAX_WEBHOOKS)), "{r}");
    let (r, _) = g.send(GM, &format!("{MASTER}\nSET NO WEBHOOK"));
    assert!(r.contains("webhooks are removed"), "{r}");
    // Discourse needs its topic, key and user
    let (r, _) = g.send(GM, &format!("{MASTER}\nSET WEBHOOK DISCOURSE http://127.0.0.1:9 TOPIC 7"));
    assert!(r.contains("SET WEBHOOK DISCOURSE https://forum.example.org TOPIC 123"), "{r}");
    // players may not
    let (r, _) = g.send("p3@example.test", "SIGNON Fdemo pw-three\nSET WEBHOOK DISCORD http://127.0.0.1:9/x");
    assert!(r.contains("only the master"), "{r}");
}

#[test]
fn a_list_gets_its_results_in_markdown_or_bbcode() {
    let mut g = Game::started();
    let (r, sent) = g.send(GM, &format!("{MASTER}\nSET LIST forum@example.org MARKDOWN"));
    assert!(r.contains("results in Markdown"), "{r}");
    let code = common::game::list_code(&sent, "forum@example.org");
    let (r, _) = g.send("someone@example.org", &format!("CONFIRM demo {code}"));
    assert!(r.contains("now gets game demo's results"), "{r}");
    g.send("p3@example.test", "SIGNON Fdemo pw-three\nA PAR-BUR");
    let (_, sent) = g.send(GM, &format!("{MASTER}\nPROCESS!"));
    let list = sent.iter().find(|s| s.to == "forum@example.org" && s.subject.contains("results")).unwrap();
    let player = sent.iter().find(|s| s.to == "p3@example.test" && s.subject.contains("results")).unwrap();
    assert!(list.body.contains("## Game demo (standard): Spring 1901 movement results") && list.body.contains("- `A PAR - BUR`"), "{}", list.body);
    assert!(list.body.contains("| France | 3 | 3 |"), "{}", list.body);
    assert!(!player.body.contains("## Game"), "players get plain text");
    let (r, _) = g.send(GM, &format!("{MASTER}\nSET LIST forum@example.org BBCODE"));
    assert!(r.contains("results in BBCode"), "{r}");
    let (_, sent) = g.send(GM, &format!("{MASTER}\nPROCESS!"));
    let list = sent.iter().find(|s| s.to == "forum@example.org" && s.subject.contains("results")).unwrap();
    assert!(list.body.contains("[b]Game demo (standard): Fall 1901 movement results[/b]") && list.body.contains("[list]"), "{}", list.body);
    let (r, _) = g.send(GM, &format!("{MASTER}\nSET LIST forum@example.org HTML"));
    assert!(r.contains("TEXT (the default), MARKDOWN or BBCODE"), "{r}");
}

#[test]
fn a_refused_post_is_dropped_alone_and_the_webhooks_later_posts_still_go() {
    let mut g = game();
    // Discourse refuses a post it finds too like the one before (422)
    let forum = Server::start(vec![(422, None), (200, None)]);
    g.send(GM, &format!("{MASTER}\nSET WEBHOOK DISCOURSE http://127.0.0.1:{} TOPIC 7 KEY k1 USER judgebot", forum.port));
    let (_, sent) = g.send(GM, &format!("{MASTER}\nBROADCAST\none\nENDPRESS\nBROADCAST\ntwo\nENDPRESS"));
    assert_eq!(forum.got().len(), 1, "one post of a webhook a pass");
    assert_eq!(count(db::webhooks(g.w.db()), |h| h.gave_up.is_some()), 1, "the refused post alone");
    let told = sent.iter().filter(|s| s.to == GM && s.subject == "Game demo: posting to a webhook failed").count();
    assert_eq!(told, 1, "the master is told");
    g.w.step();
    let got = forum.got();
    assert_eq!(got.len(), 2);
    assert!(got[1].body["raw"].as_str().unwrap().contains("two"), "{:?}", got[1].body);
    assert_eq!(count(db::webhooks(g.w.db()), |h| h.sent.is_some()), 1);
}

#[test]
fn a_removed_webhook_gets_nothing_more_and_a_replaced_one_its_new_key() {
    let mut g = game();
    let forum = Server::start(vec![(503, None), (200, None)]);
    g.send(GM, &format!("{MASTER}\nSET WEBHOOK DISCOURSE http://127.0.0.1:{} TOPIC 7 KEY leaked USER judgebot", forum.port));
    g.send("p3@example.test", "SIGNON Fdemo pw-three\nBROADCAST\n@admins hello\nENDPRESS");
    assert_eq!(forum.got().len(), 1);
    assert_eq!(header(&forum.got()[0], "api-key"), Some("leaked"));
    assert_eq!(forum.got()[0].body["raw"].as_str().unwrap().matches("@\u{200B}admins").count(), 1, "no mention of the forum's admins");
    // the key leaked: the master sets a new one before the retry
    g.send(GM, &format!("{MASTER}\nSET WEBHOOK DISCOURSE http://127.0.0.1:{} TOPIC 7 KEY fresh USER judgebot", forum.port));
    let t = g.w.now;
    g.w.set_time(t + 700);
    g.w.step();
    assert_eq!(forum.got().len(), 2);
    assert_eq!(header(&forum.got()[1], "api-key"), Some("fresh"), "the retry uses the webhook as it is now");
    // removed: what is queued for it is dropped, quietly
    let down = Server::start(vec![(503, None)]);
    g.send(GM, &format!("{MASTER}\nSET NO WEBHOOK\nSET WEBHOOK DISCORD http://127.0.0.1:{}/hook", down.port));
    g.send(GM, &format!("{MASTER}\nBROADCAST\nthree\nENDPRESS"));
    assert_eq!(down.got().len(), 1);
    let (_, sent) = g.send(GM, &format!("{MASTER}\nSET NO WEBHOOK"));
    g.w.set_time(t + 1400);
    let (_, later) = g.w.step();
    assert_eq!(down.got().len(), 1, "nothing more after SET NO WEBHOOK");
    assert_eq!(count(db::webhooks(g.w.db()), |h| h.sent.is_none() && h.gave_up.is_none()), 0);
    assert!(sent.iter().chain(later.iter()).all(|s| s.subject != "Game demo: posting to a webhook failed"), "the master removed it: no alarm");
}

/// A slow forum cannot hold the judge up: webhooks get at most a pass's
/// time (the poll interval); past it the rest wait for the next pass.
#[test]
fn webhooks_get_at_most_a_passs_time() {
    let mut g = game();
    g.w.daemon.judge.ctx.cfg.poll_seconds = 1;
    let slow = std::time::Duration::from_millis(1_300);
    let (a, b) = (Server::slow(vec![(204, None)], slow), Server::slow(vec![(204, None)], slow));
    g.send(GM, &format!("{MASTER}\nSET WEBHOOK DISCORD http://127.0.0.1:{}/a\nSET WEBHOOK DISCORD http://127.0.0.1:{}/b", a.port, b.port));
    g.send(GM, &format!("{MASTER}\nBROADCAST\nhello\nENDPRESS"));
    assert_eq!(a.got().len() + b.got().len(), 1, "past the pass's second: the other post waits");
    g.w.step();
    assert_eq!((a.got().len(), b.got().len()), (1, 1), "and goes next pass");
    // within the time, every due post goes in one pass
    let mut g = game();
    let (c, d) = (Server::start(vec![(204, None)]), Server::start(vec![(204, None)]));
    g.send(GM, &format!("{MASTER}\nSET WEBHOOK DISCORD http://127.0.0.1:{}/c\nSET WEBHOOK DISCORD http://127.0.0.1:{}/d", c.port, d.port));
    g.send(GM, &format!("{MASTER}\nBROADCAST\nhello\nENDPRESS"));
    assert_eq!((c.got().len(), d.got().len()), (1, 1));
}

/// The address refused is the one connected to: ureq resolves through the
/// judge's check, so a name cannot pass the check with a public address and
/// then connect to a private one.
#[test]
fn the_poster_connects_only_to_public_addresses_unless_allowed() {
    use mailjudge::publish::{Posted, Poster};
    let server = Server::start(vec![(204, None)]);
    let mut http = mailjudge::publish::http::Http::default();
    for url in [format!("http://127.0.0.1:{}/x", server.port), format!("http://localhost:{}/x", server.port)] {
        match http.post(&url, &[], "{}", false) {
            Posted::Retry(e, _) => assert!(e.contains("resolves to an address that is not public"), "{url}: {e}"),
            _ => panic!("{url}: posted to a private address"),
        }
    }
    assert_eq!(server.got().len(), 0, "nothing reached the server");
    assert!(matches!(http.post(&format!("http://127.0.0.1:{}/x", server.port), &[], "{}", true), Posted::Sent), "allowed by the keeper");
    assert_eq!(server.got().len(), 1);
}

/// A pass cut short starts the next one with the webhook it did not reach:
/// a slow forum with a backlog cannot keep another waiting.
#[test]
fn a_pass_cut_short_resumes_with_the_webhook_it_did_not_reach() {
    let mut g = game();
    let (a, b) = (Server::start(vec![(204, None)]), Server::start(vec![(204, None)]));
    g.send(GM, &format!("{MASTER}\nSET WEBHOOK DISCORD http://127.0.0.1:{}/a\nSET WEBHOOK DISCORD http://127.0.0.1:{}/b", a.port, b.port));
    let conn = &g.w.daemon.judge.conn;
    let game = db::game(conn, "demo");
    let now = g.w.now;
    // a's backlog was queued before b's post
    for (w, text) in [(0, "a1"), (0, "a2"), (0, "a3"), (1, "b1")] {
        let hook = &game.settings.webhooks[w];
        mailjudge::store::webhooks::insert(conn, game.id, &hook.url, &serde_json::to_string(hook).unwrap(), text, now).unwrap();
    }
    let mut http = mailjudge::publish::http::Http::default();
    let no_time = Some(std::time::Duration::ZERO);
    let posted = |s: &Server| s.got().iter().map(|r| r.body["content"].as_str().unwrap().to_string()).collect::<Vec<_>>();
    // with no time at all, one post a pass: a1, then b1 (not a2), then a2
    assert_eq!(g.w.daemon.judge.flush_webhooks(&mut http, no_time).unwrap(), 1);
    assert_eq!((posted(&a), posted(&b)), (vec!["a1".to_string()], vec![]));
    assert_eq!(g.w.daemon.judge.flush_webhooks(&mut http, no_time).unwrap(), 1);
    assert_eq!(posted(&b), ["b1"], "the webhook the cut pass did not reach goes first");
    assert_eq!(g.w.daemon.judge.flush_webhooks(&mut http, no_time).unwrap(), 1);
    assert_eq!(posted(&a), ["a1", "a2"]);
    // with time, every due post of a pass goes
    assert_eq!(g.w.daemon.judge.flush_webhooks(&mut http, None).unwrap(), 1, "a3, the last");
}

/// Log lines written, for a test that reads the judge's log.
#[derive(Clone, Default)]
struct LogBuffer(Arc<Mutex<Vec<u8>>>);

impl Write for LogBuffer {
    fn write(&mut self, b: &[u8]) -> std::io::Result<usize> {
        self.0.lock().unwrap().extend_from_slice(b);
        Ok(b.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

#[test]
fn a_webhooks_url_and_key_are_never_logged_at_any_level() {
    // the judge's own filter, asked for everything (RUST_LOG=trace), the
    // HTTP and TLS libraries' log lines included (they reach tracing
    // through its `log` bridge, as in `mailjudge serve`)
    let buf = LogBuffer::default();
    let w = buf.clone();
    // the only global subscriber of the test binary, which runs every test
    // at once: it writes what this test's thread logs, not the others' (a
    // dynamic filter: a plain filter_fn's verdict is cached per callsite,
    // on whichever thread reached it first)
    let here = std::thread::current().id();
    let only_here = tracing_subscriber::filter::dynamic_filter_fn(move |_, _| std::thread::current().id() == here);
    tracing_subscriber::fmt()
        .with_env_filter(mailjudge::cli::log_filter(Some("trace,ureq=trace,rustls=debug")))
        .with_writer(move || w.clone())
        .with_ansi(false)
        .finish()
        .with(only_here)
        .try_init()
        .expect("the only global subscriber of this test binary");
    let mut g = game();
    // busy once (logged as a retry), then taken
    let server = Server::start(vec![(503, None), (200, None)]);
    let url = format!("http://127.0.0.1:{}/api/webhooks/77/SECRET-TOKEN-x1", server.port);
    g.send(GM, &format!("{MASTER}\nSET WEBHOOK DISCOURSE {url} TOPIC 9 KEY KEY-SECRET-y2 USER judge"));
    g.send(GM, &format!("{MASTER}\nBROADCAST\none\nENDPRESS"));
    let t = g.w.now;
    g.w.set_time(t + 700);
    g.w.step();
    assert!(server.got().len() >= 2, "posted twice: {:?}", server.got().len());
    let log = String::from_utf8_lossy(&buf.0.lock().unwrap()).into_owned();
    assert!(log.contains("HTTP 503"), "the retry is logged: {log}");
    for secret in ["SECRET-TOKEN-x1", "KEY-SECRET-y2", "/api/webhooks/77"] {
        assert!(!log.contains(secret), "{secret} in the log:\n{log}");
    }
}

#[test]
fn a_list_gets_nothing_until_someone_there_confirms_and_stays_off_once_stopped() {
    let mut g = game();
    let (r, sent) = g.send(GM, &format!("{MASTER}\nSET LIST stranger@example.org"));
    assert!(r.contains("once someone there confirms") && r.contains("A request with a code was mailed"), "{r}");
    let to_stranger = |sent: &[common::Sent]| sent.iter().filter(|s| s.to == "stranger@example.org").count();
    assert_eq!(to_stranger(&sent), 1, "the request alone");
    let code = common::game::list_code(&sent, "stranger@example.org");
    // results and broadcasts: nothing for the unconfirmed list
    let (_, sent) = g.send(GM, &format!("{MASTER}\nBROADCAST\nhello\nENDPRESS"));
    assert_eq!(to_stranger(&sent), 0);
    let (_, sent) = g.send(GM, &format!("{MASTER}\nPROCESS!"));
    assert_eq!(to_stranger(&sent), 0);
    // another game naming the same address within a day: no second request
    let (r, _) = g.send("other@example.test", "CREATE ?second pass2 standard");
    assert!(r.contains("Game second created"), "{r}");
    let (r, sent) = g.send("other@example.test", "SIGNON Msecond pass2\nSET LIST stranger@example.org");
    assert!(r.contains("had a request from this judge less than a day ago"), "{r}");
    assert_eq!(to_stranger(&sent), 0);
    // a wrong code changes nothing
    let (r, _) = g.send("stranger@example.org", "CONFIRM demo 000000000000");
    assert!(r.contains("Nothing in game demo waits for that code"), "{r}");
    let (r, _) = g.send("reader@example.org", &format!("CONFIRM demo {code}"));
    assert!(r.contains("now gets game demo's results"), "{r}");
    let (_, sent) = g.send(GM, &format!("{MASTER}\nPROCESS!"));
    let got = sent.iter().find(|s| s.to == "stranger@example.org").expect("results to the confirmed list");
    // its List-Unsubscribe is a working mailto: what it says, sent from any reader's address, stops the list
    let header = got.header("List-Unsubscribe").unwrap().to_string();
    let subject = header.split("subject=").nth(1).unwrap().split('&').next().unwrap().replace("%20", " ");
    assert_eq!(subject, format!("UNOBSERVE demo {code}"));
    let (r, sent) = g.send("reader@example.org", &subject);
    assert!(r.contains("gets no more mail from game demo"), "{r}");
    assert!(sent.iter().any(|s| s.to == GM && s.subject.contains("the list asked for no more mail")), "the master is told");
    let (_, sent) = g.send(GM, &format!("{MASTER}\nPROCESS!"));
    assert_eq!(to_stranger(&sent), 0, "stopped");
    // and it stays off: the master cannot set it again
    let (r, sent) = g.send(GM, &format!("{MASTER}\nSET LIST stranger@example.org"));
    assert!(r.contains("asked to get no more of this game's mail"), "{r}");
    assert_eq!(to_stranger(&sent), 0);
}

#[test]
fn under_serve_a_post_the_forum_put_off_is_posted_again_at_its_own_time() {
    let mut g = game();
    // the forum is busy once, then takes the post
    let forum = Server::start(vec![(503, None), (204, None)]);
    g.send(GM, &format!("{MASTER}\nSET WEBHOOK DISCORD http://127.0.0.1:{}/api/webhooks/1/tok", forum.port));
    // served on the wall clock, with an hour's poll: only the post's own retry time posts it again
    g.w.daemon.judge.ctx.clock = mailjudge::context::Clock::System;
    g.w.daemon.judge.ctx.cfg.poll_seconds = 3600;
    let stop = std::sync::atomic::AtomicBool::new(false);
    std::thread::scope(|s| {
        let daemon = &mut g.w.daemon;
        let serving = s.spawn(|| daemon.run(&stop));
        g.w.inbox.deliver("b1", &common::mail_text(GM, "<b1@example.test>", "press", "", &format!("{MASTER}\nBROADCAST\nagain\nENDPRESS"))).unwrap();
        let t = std::time::Instant::now();
        while forum.got().len() < 2 {
            assert!(t.elapsed() < std::time::Duration::from_secs(180), "not posted again within three minutes: {:?}", forum.got());
            std::thread::sleep(std::time::Duration::from_millis(5));
        }
        stop.store(true, std::sync::atomic::Ordering::Relaxed);
        serving.join().unwrap();
    });
    let got = forum.got();
    assert_eq!(got.len(), 2, "put off once, then posted once");
    assert!(got.iter().all(|r| r.body["content"].as_str().unwrap_or("").contains("again")));
}
