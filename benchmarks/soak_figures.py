"""The soak's figures from what its clients recorded (benchmarks/soak.py, benchmarks/hosts.py).

Plain arithmetic on plain records, no server and no database, so tests/pure/test_soak_figures.py
holds it: what counts as a delivery, a lost one, a socket that failed or dropped.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from dataclasses import dataclass, field

from benchmarks.clients import percentile


@dataclass
class Add:
    """One hand a table's writer sent (`POST /rounds`, between its lock grab and release)."""

    table: int
    host: int  # the server it was sent to
    began: float  # perf_counter() when the POST was sent
    ended: float  # … when its reply was read (or it failed)
    status: int  # 201, another status, or 0 for no answer (timeout, connection lost)
    number: int | None = None  # the round number the reply gave


@dataclass
class Follower:
    """One follower socket of one table, on one server."""

    table: int
    host: int
    began: float  # when it started connecting
    opened_at: float | None = None  # when its first state arrived (the page is live); None: never
    failure: str | None = None  # why it never opened (HTTP status, close code, timeout …)
    dropped_at: float | None = None  # closed by the server or the network before the end
    dropped: str | None = None  # … with which close code or error
    pushed: dict[int, float] = field(default_factory=dict)  # round number → when a change brought it
    resynced: set[int] = field(default_factory=set)  # rounds first seen in a state it asked for
    messages: int = 0
    received_bytes: int = 0


def ms(seconds: float) -> float:
    return seconds * 1000


def adds_figures(adds: list[Add], seconds: float) -> dict:
    """Hands per second over the writing window, the add's p50/p95, what was refused."""
    done = [add for add in adds if add.status == 201]
    latencies = [add.ended - add.began for add in done]
    return {
        "hands": len(done),
        "hands_per_second": len(done) / seconds if seconds else float("nan"),
        "add_p50_ms": ms(percentile(latencies, 0.5)),
        "add_p95_ms": ms(percentile(latencies, 0.95)),
        "add_max_ms": ms(max(latencies, default=float("nan"))),
        "add_failed": dict(Counter(str(add.status) for add in adds if add.status != 201)),
    }


def sockets_figures(followers: list[Follower]) -> dict:
    opened = [follower for follower in followers if follower.opened_at is not None]
    to_open = [follower.opened_at - follower.began for follower in opened]
    return {
        "sockets": len(followers),
        "opened": len(opened),
        "failed": dict(Counter(follower.failure for follower in followers if follower.opened_at is None)),
        "dropped": dict(Counter(follower.dropped for follower in opened if follower.dropped_at is not None)),
        "open_p50_ms": ms(percentile(to_open, 0.5)),
        "open_p95_ms": ms(percentile(to_open, 0.95)),
        "open_max_ms": ms(max(to_open, default=float("nan"))),
    }


def delivery_figures(adds: list[Add], followers: list[Follower]) -> dict:
    """From each hand's POST to each of its table's followers that was open when it was sent.

    A follower owes a hand when its socket was live (first state in) before the POST began and
    not dropped before it. A hand it owes that never came in a pushed change is lost, even if the
    follower saw it later in a full state it asked for on noticing the gap (`recovered`): a phone
    learns of a lost hand only at the table's next change.
    """
    hands: dict[int, list[Add]] = defaultdict(list)
    for add in adds:
        if add.status == 201 and add.number is not None:
            hands[add.table].append(add)
    delays: list[float] = []
    lost = recovered = owed = 0
    for follower in followers:
        if follower.opened_at is None:
            continue
        for add in hands[follower.table]:
            if follower.opened_at > add.began:
                continue  # its first state was read after the POST began: it may have had it there
            if follower.dropped_at is not None and follower.dropped_at <= add.began:
                continue
            owed += 1
            arrived = follower.pushed.get(add.number)
            if arrived is None:
                lost += 1
                recovered += add.number in follower.resynced
            else:
                delays.append(arrived - add.began)
    return {
        "owed": owed,
        "delivered": len(delays),
        "lost": lost,
        "recovered_by_resync": recovered,
        "delivery_p50_ms": ms(percentile(delays, 0.5)),
        "delivery_p95_ms": ms(percentile(delays, 0.95)),
        "delivery_max_ms": ms(max(delays, default=float("nan"))),
        "messages": sum(follower.messages for follower in followers),
        "received_bytes": sum(follower.received_bytes for follower in followers),
    }


def summarise(adds: list[Add], followers: list[Follower], seconds: float) -> dict:
    return {
        **adds_figures(adds, seconds),
        **sockets_figures(followers),
        **delivery_figures(adds, followers),
    }


def per_host(adds: list[Add], followers: list[Follower], seconds: float, hosts: int) -> list[dict]:
    """Per server: the adds sent to it, and the deliveries to the followers on it (of hands
    written on any server, since a table's writer and its followers are on different ones)."""
    figures = []
    for host in range(hosts):
        on_host = [follower for follower in followers if follower.host == host]
        figures.append(
            {
                **adds_figures([add for add in adds if add.host == host], seconds),
                **sockets_figures(on_host),
                **delivery_figures(adds, on_host),
            }
        )
    return figures


# Below this many sockets a worker's memory moves more with what else it does than with them.
PER_SOCKET_FROM = 200


def count(value: float) -> str:
    return f"{value:,.0f}"


def duration(milliseconds: float) -> str:
    if milliseconds != milliseconds:  # NaN: nothing measured
        return "–"
    if milliseconds >= 1000:
        return f"{milliseconds / 1000:.1f} s"
    return f"{milliseconds:.0f} ms" if milliseconds >= 100 else f"{milliseconds:.1f} ms"


def reasons(counted: dict[str, int]) -> str:
    return ", ".join(
        f"{number:,} × {reason}" for reason, number in sorted(counted.items(), key=lambda kv: -kv[1])
    )


def loop_cpu(servers: list[dict]) -> float | None:
    if any("loop_cpu_soak_s" not in server for server in servers):
        return None
    return sum(server["loop_cpu_soak_s"] for server in servers)


def column(figures: dict, servers: list[dict], window: float, tables: int | None) -> list[str]:
    """One column of the soak's table: the figures of one host (or all), its servers' samples."""
    failed = sum(figures["failed"].values())
    dropped = sum(figures["dropped"].values())
    cpu_open = sum(server["cpu_opening_s"] for server in servers)
    cpu_soak = sum(server["cpu_soak_s"] for server in servers)
    sockets = sum(server["sockets_open"] for server in servers)
    grown = sum(server["rss_open_mb"] - server["rss_before_mb"] for server in servers)
    per_table = f"; {cpu_soak * 1000 / (tables * window / 60):,.0f} CPU-ms per table-minute" if tables else ""
    replaced = sum(len(server["workers_replaced"]) for server in servers)
    problems: Counter[str] = Counter()
    for server in servers:
        problems.update(server["log_problems"])
    return [
        f"{count(figures['opened'])} of {count(figures['sockets'])}"
        + (f" (failed: {reasons(figures['failed'])})" if failed else ""),
        f"p50 {duration(figures['open_p50_ms'])}, p95 {duration(figures['open_p95_ms'])}, "
        f"max {duration(figures['open_max_ms'])}",
        f"{count(dropped)}" + (f" ({reasons(figures['dropped'])})" if dropped else ""),
        f"{count(figures['hands'])}: {figures['hands_per_second']:.1f} a second"
        + (f" (failed: {reasons(figures['add_failed'])})" if figures["add_failed"] else ""),
        f"p50 {duration(figures['add_p50_ms'])}, p95 **{duration(figures['add_p95_ms'])}**, "
        f"max {duration(figures['add_max_ms'])}",
        f"p50 {duration(figures['delivery_p50_ms'])}, p95 **{duration(figures['delivery_p95_ms'])}**, "
        f"max {duration(figures['delivery_max_ms'])} ({count(figures['delivered'])} deliveries)",
        f"**{count(figures['lost'])}** of {count(figures['owed'])}"
        + (f" ({count(figures['recovered_by_resync'])} seen later in a resync)" if figures["lost"] else ""),
        f"{cpu_open:.1f} s opening; {cpu_soak:.1f} s in the soak ({cpu_soak / window * 100:.0f} % of a core{per_table}"
        + (
            f"; the workers' event-loop threads {loop:.1f} s"
            if (loop := loop_cpu(servers)) is not None
            else ""
        )
        + ")",
        f"{sum(server['rss_before_mb'] for server in servers):.0f} → "
        f"{sum(server['rss_open_mb'] for server in servers):.0f} MB with the sockets open "
        + (
            f"({grown * 1024 / sockets:,.0f} KB a socket)"
            if sockets >= PER_SOCKET_FROM
            else f"({sockets} sockets: too few for a figure per socket)"
        )
        + f"; {sum(server['rss_end_mb'] for server in servers):.0f} MB at the end"
        if sockets
        else "–",
        (f"{replaced} replaced; " if replaced else "none replaced; ")
        + (reasons(dict(problems)) if problems else "no warnings or errors logged"),
    ]


ROWS = [
    "sockets opened",
    "socket open → first state",
    "sockets dropped",
    "hands",
    "add (`POST /rounds`)",
    "delivery (POST's start → follower)",
    "lost deliveries",
    "server CPU",
    "server RSS (master + workers)",
    "workers; server log",
]


def soak_lines(results: dict, title: str) -> list[str]:
    """The run as markdown: a heading with the plan and the date, the machine, one table."""
    plan, figures, machine = results["plan"], results["figures"], results["machine"]
    window = results["soak_window_s"]
    before = "/".join(f"{value:.1f}" for value in machine["load_before"])
    after = "/".join(f"{value:.1f}" for value in machine["load_after"])
    hosts = plan["hosts"]
    workers = results["servers"][0]["workers"]
    lines = [
        f"### {title}: {count(plan['tables'])} tables × {plan['followers']} followers, a hand per table "
        f"every {plan['period_s']:g} s, "
        + (f"{plan['minutes']:g} min" if plan["minutes"] >= 1 else f"{plan['minutes'] * 60:.0f} s")
        + (f", {hosts} hosts" if hosts > 1 else "")
        + f" ({results['date']})",
        "",
        f"Machine: {machine['cores']} cores ({machine['cpu']}), {machine['memory_gb']} GB; load average "
        f"{before} (1/5/15 min) before, {after} after. "
        + (f"{hosts} `make serve` instances" if hosts > 1 else "`make serve`")
        + f" ({workers} workers{' each' if hosts > 1 else ''}), PostgreSQL and Redis, and the load client (one Python process on "
        "uvloop) all on these cores. Server environment beyond the lifted rate limits: "
        + ", ".join(f"`{name}={value}`" for name, value in results["server_env"].items())
        + ".",
        "",
    ]
    columns = [("all", figures, results["servers"], plan["tables"])]
    if results.get("per_host"):
        columns = [
            (f"host {chr(65 + index)} (:{server['port']})", host_figures, [server], None)
            for index, (host_figures, server) in enumerate(
                zip(results["per_host"], results["servers"], strict=True)
            )
        ] + columns
    cells = [column(figures_of, servers, window, tables) for _, figures_of, servers, tables in columns]
    lines += [
        "| figure | " + " | ".join(name for name, *_ in columns) + " |",
        "|---|" + "---|" * len(columns),
    ]
    for row, label in enumerate(ROWS):
        lines.append(f"| {label} | " + " | ".join(cell[row] for cell in cells) + " |")
    client = results["client"]
    services = results["services_cpu"]
    lines += [
        "",
        f"All sockets settled (opened or failed) {figures['open_seconds']:.1f} s after they began connecting. "
        f"Lock grab p50 {duration(figures['lock_p50_ms'])}, p95 {duration(figures['lock_p95_ms'])}; release p95 "
        f"{duration(figures['release_p95_ms'])}"
        + (f"; lock refused: {reasons(figures['lock_failed'])}" if figures["lock_failed"] else "")
        + f". The followers received {figures['messages']:,} messages, "
        f"{figures['received_bytes'] / 1024 / 1024:.1f} MB in all (the hands and the lock's changes, after each socket's first state). "
        f"In the soak's {window:.0f} s: all PostgreSQL processes {services['postgres']:.1f} CPU s, Redis "
        f"{services['redis']:.1f} CPU s (the machine's, shared with other work; backends that exited not counted). The load client: "
        f"{client['cpu_opening_s']:.1f} CPU s opening, {client['cpu_soak_s']:.1f} in the soak; its event loop "
        f"woke late by p95 {duration(client['lag_p95_ms'].get('opening', float('nan')))} while opening, "
        f"{duration(client['lag_p95_ms'].get('soak', float('nan')))} in the soak "
        f"(max {duration(client['lag_max_ms'].get('soak', float('nan')))}).",
    ]
    inbox = results.get("inbox_most")
    if inbox:
        lines[-1] += (
            f" The most messages waiting in one worker's channel-layer inbox (sampled every 0.5 s; "
            f"channels-redis drops a group message to an inbox holding 100): {inbox.get('opening', 0)} while "
            f"opening, {inbox.get('soak', 0)} in the soak."
        )
    return lines
