"""benchmarks/RESULTS.md from one run's figures. Everything from HAND_WRITTEN on is kept across runs."""

from __future__ import annotations

from pathlib import Path

RESULTS = Path(__file__).resolve().parent / "RESULTS.md"
HAND_WRITTEN = "## Findings (by hand, from the figures above)"


def ratio(numerator: float, denominator: float) -> str:
    return f"{numerator / denominator:.2f}×" if denominator else "n/a"


def verdict(reached: bool) -> str:
    return "**reached**" if reached else "**not reached**"


def throughput_table(figures: dict) -> list[str]:
    lines = [
        "| tables | GET /api/presets req/s | p95 | round add req/s | p95 | add ÷ GET throughput | add p95 ÷ GET p95 | errors |",
        "|---:|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for tables, level in figures.items():
        get, add = level["get"], level["add"]
        lines.append(
            f"| {tables} | {get['per_second']:.0f} | {get['p95_ms']:.1f} ms | {add['per_second']:.0f} | "
            f"{add['p95_ms']:.1f} ms | {ratio(add['per_second'], get['per_second'])} | "
            f"{ratio(add['p95_ms'], get['p95_ms'])} | {get['errors'] + add['errors']} |"
        )
    return lines


CPU_KINDS = {"server": "the server", "postgres": "PostgreSQL", "redis": "Redis", "client": "the load client"}


def spent(cost: dict) -> str:
    """CPU-ms by process kind, in CPU_KINDS's order, and their sum."""
    return (
        f"{' + '.join(f'{cost[kind]:.2f}' for kind in CPU_KINDS if kind in cost)} = {sum(cost.values()):.2f}"
    )


def cpu_lines(figures: dict) -> list[str]:
    """What one request cost the machine at each level, by process: where an add's time goes
    beside a light GET's."""
    lines = []
    for tables, level in figures.items():
        get, add = level["get"].get("cpu_ms"), level["add"].get("cpu_ms")
        if not get or not add:
            continue
        each = " + ".join(CPU_KINDS[kind] for kind in CPU_KINDS if kind in get)
        lines.append(
            f"- CPU-ms a request at {tables} tables ({each}, warm-up included): "
            f"GET {spent(get)}; add {spent(add)} ({ratio(sum(add.values()), sum(get.values()))} the GET's)."
        )
    return [*lines, ""] if lines else []


def arrangement(title: str, results: dict) -> list[str]:
    cost, fan, one = results["add_cost"], results["fan_out"], results["fan_out_1"]
    lines = [
        f"### {title}",
        "",
        *throughput_table(results["throughput"]),
        "",
        *cpu_lines(results["throughput"]),
    ]
    connections = [level.get("db_connections") for level in results["throughput"].values()]
    if any(count is not None for count in connections):
        levels = ", ".join(
            f"{count} at {tables} tables"
            for tables, count in zip(results["throughput"], connections, strict=True)
        )
        lines += [
            f"PostgreSQL connections seen in `pg_stat_activity` during the add runs (most at once): {levels}.",
            "",
        ]
    lines += [
        "| figure | value | baseline (same run) | ratio |",
        "|---|---:|---:|---:|",
        f"| one add to a session of {cost['rounds']} rounds (median of {cost.get('samples', 20)}) | {cost['at_long_ms']:.1f} ms | "
        f"one add as round 1: {cost['at_1_ms']:.1f} ms | {ratio(cost['at_long_ms'], cost['at_1_ms'])} |",
        f"| fan-out, POST → each of {fan['followers']} followers has `round.added`, p50 | {fan['p50_ms']:.1f} ms | "
        f"to 1 follower: {one['p50_ms']:.1f} ms | {ratio(fan['p50_ms'], one['p50_ms'])} |",
        f"| fan-out to {fan['followers']} followers, p95 ({fan['rounds']} rounds, taking turns with the baseline's; followers per worker "
        f"{' + '.join(map(str, fan['split']))}) | {fan['p95_ms']:.1f} ms | to 1 follower: {one['p95_ms']:.1f} ms | "
        f"{ratio(fan['p95_ms'], one['p95_ms'])} |",
        f"| … of which after the writer had its reply, p95 (delivery alone) | {fan['after_reply_p95_ms']:.1f} ms | "
        f"to 1 follower: {one['after_reply_p95_ms']:.1f} ms | |",
        f"| … the POST itself (send → reply), p50 | {fan['write_p50_ms']:.1f} ms | with 1 follower: "
        f"{one['write_p50_ms']:.1f} ms | {ratio(fan['write_p50_ms'], one['write_p50_ms'])} |",
    ]
    idle = results.get("idle")
    if idle:
        lines += [
            f"| {idle['followers']} idle followers on one worker: worker memory | {idle['rss_after_mb']:.0f} MB | "
            f"before them: {idle['rss_before_mb']:.0f} MB | {ratio(idle['rss_after_mb'], idle['rss_before_mb'])} |",
            f"| … memory per connection | {idle['per_connection_kb']:.0f} KB | | |",
            f"| … one round reaches them: received / p50 / p95 / last | {idle['received']} / {idle['p50_ms']:.0f} ms / "
            f"{idle['p95_ms']:.0f} ms / {idle['max_ms']:.0f} ms | connecting all took {idle['connect_seconds']:.1f} s | |",
        ]
    return [*lines, ""]


def bars(results: dict) -> list[str]:
    lines = ["| bar | make run | make serve |", "|---|---|---|"]

    def at_20(name: str) -> tuple[bool, str]:
        level = results[name]["throughput"].get(20) or results[name]["throughput"].get("20")
        share = level["add"]["per_second"] / level["get"]["per_second"]
        tail = level["add"]["p95_ms"] / level["get"]["p95_ms"]
        return (
            share >= 0.5 and tail <= 3,
            f"{verdict(share >= 0.5 and tail <= 3)}: {share:.2f}× the GET, p95 {tail:.2f}×",
        )

    def long_add(name: str) -> str:
        cost = results[name]["add_cost"]
        share = cost["at_long_ms"] / cost["at_1_ms"]
        return f"{verdict(share <= 1.3)}: {share:.2f}×"

    def idle(name: str) -> str:
        figures = results[name]["idle"]
        ok = figures["rss_after_mb"] < 150 and figures["received"] == figures["followers"]
        return f"{verdict(ok)}: {figures['rss_after_mb']:.0f} MB, {figures['received']}/{figures['followers']} received"

    fan = results["serve"]["fan_out"]
    lines += [
        f"| round add ≥ 0.5× light GET at 20 tables, p95 ≤ 3× | {at_20('run')[1]} | {at_20('serve')[1]} |",
        f"| add at 500 rounds ≤ 1.3× add at 1 | {long_add('run')} | {long_add('serve')} |",
        f"| fan-out p95 < 50 ms to 50 followers over 2 workers | (one process: {results['run']['fan_out']['p95_ms']:.0f} ms) | "
        f"{verdict(fan['p95_ms'] < 50)}: {fan['p95_ms']:.1f} ms ({' + '.join(map(str, fan['split']))}) |",
        f"| 1,000 idle followers per worker under 150 MB, all get the round | {idle('run')} | {idle('serve')} |",
    ]
    return lines


def write_cost(figures: dict) -> list[str]:
    lengths = list(figures)
    short = figures[lengths[0]]
    rows = [
        ("time per add (median of 25)", "ms", "{:.1f} ms"),
        ("CPU time of the process per add", "cpu_ms", "{:.1f} ms"),
        ("SQL queries per add (the whole request)", "queries", "{:.0f}"),
        ("reply bytes (`{round, state}`)", "reply", "{:,.0f}"),
        ("group broadcast bytes per follower", "broadcast", "{:,.0f}"),
    ]
    heads = " | ".join(f"{length} rounds" for length in lengths)
    ratios = " | ".join(f"{length} ÷ {lengths[0]}" for length in lengths[1:])
    lines = [
        f"| one add, session already holding | {heads} | {ratios} |",
        "|---|" + "---:|" * (2 * len(lengths) - 1),
    ]
    for label, key, shape in rows:
        values = " | ".join(shape.format(figures[length][key]) for length in lengths)
        shares = " | ".join(ratio(figures[length][key], short[key]) for length in lengths[1:])
        lines.append(f"| {label} | {values} | {shares} |")
    return lines


def soak_section(measured: dict | None) -> list[str]:
    """make bench's small soak (benchmarks/soak.py), rewritten each run; the big soaks run alone
    and are appended under "## Soaks"."""
    if not measured:
        return []
    from benchmarks.soak_figures import soak_lines

    return [*soak_lines(measured, title="A small soak on make serve (`benchmarks/soak.py`)"), ""]


def markdown(results: dict) -> str:
    machine = results["machine"]
    kept = ""
    if RESULTS.exists() and HAND_WRITTEN in RESULTS.read_text():
        kept = RESULTS.read_text().split(HAND_WRITTEN, 1)[1]
    load = ", ".join(f"{value:.1f}" for value in machine["load_before"])
    during = machine.get("load_during")
    during_text = f", {during[0]:.1f}–{during[1]:.1f} (1-minute) during it" if during else ""
    postgres = results.get("postgres")
    postgres_text = (
        f"PostgreSQL {postgres['server_version'].split()[0]} (fsync {postgres['fsync']}, "
        f"synchronous_commit {postgres['synchronous_commit']}) and Redis"
        if postgres
        else "PostgreSQL and Redis"
    )
    lines = [
        "# Benchmark results",
        "",
        f"Written by `make bench` (`benchmarks/run.py`) on {results['date']} in {results['seconds']:.0f} s.",
        f"Machine: {machine['cpu']}, {machine['cores']} cores, {machine['memory_gb']} GB, {machine['system']}, "
        f"Python {machine['python']}; load average {load} when it started{during_text}.",
        f"Client, servers, {postgres_text} all on this one machine over loopback, so the client's own",
        "CPU is part of every figure: compare the ratios, which are measured in the same run, rather",
        "than the absolute numbers.",
        "",
        "- **make run**: one daphne process, SQLite (WAL, writers of the process queued), in-memory channel layer.",
        "- **make serve**: `scripts/serve.py`, gunicorn with 2 uvicorn workers (1 for the idle test),",
        "  PostgreSQL + Redis, a pool of at most 4 connections per worker, JSON logs on.",
        "- Each *table* is one client on its own kept-alive connection sending requests back to back:",
        f"  at each level the GET and the add take turns in {results.get('windows', 1)} windows each, "
        f"{results.get('seconds_per_level', 3)} s in all per load",
        "  (each window after a 0.3 s warm-up), so a change in the machine's load weighs on both alike; an add",
        "  table holds its session's lock and starts a fresh session every 40 rounds. Latencies are per",
        "  request, from send to full reply.",
        "",
        "## Bars",
        "",
        *bars(results),
        "",
        "## Figures",
        "",
        *arrangement("make run (1 daphne, SQLite)", results["run"]),
        *arrangement("make serve (2 workers, PostgreSQL + Redis)", results["serve"]),
        *soak_section(results.get("soak")),
        "### What one write costs (`benchmarks/write_cost.py`: in-process, SQLite, through the API view)",
        "",
        *write_cost(results["write_cost"]),
        "",
        HAND_WRITTEN,
    ]
    return "\n".join(lines) + (kept if kept else "\n\n(to be written)\n")
