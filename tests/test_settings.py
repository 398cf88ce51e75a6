"""Settings from the environment: production passes `check --deploy`; no secret is committed."""

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
# Every test reads the settings of a fresh process with an environment of its own.
pytestmark = pytest.mark.once


def manage(*args, env):
    return subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=ROOT,
        env={"PATH": os.environ["PATH"], **env},
        capture_output=True,
        text=True,
        timeout=60,
    )


PRODUCTION = {
    "DEBUG": "0",
    "SECRET_KEY": "a-long-production-secret-key-with-plenty-of-variety-0123456789-XYZ",
    "ALLOWED_HOSTS": "bigtwo.example.com",
    "CSRF_TRUSTED_ORIGINS": "https://bigtwo.example.com",
    "DATABASE_URL": "postgres://scorekeeper@127.0.0.1:5432/scorekeeper",
    "REDIS_URL": "redis://127.0.0.1:6379/0",
    "HTTPS": "1",
}


def settings_of(env, *names):
    """The repr of each named setting, read by a fresh process with exactly this environment."""
    shown = "; ".join(f"print(repr(settings.{name}))" for name in names)
    script = f"import django; django.setup(); from django.conf import settings; {shown}"
    result = subprocess.run(
        [sys.executable, "-c", script],
        cwd=ROOT,
        env={"PATH": os.environ["PATH"], "DJANGO_SETTINGS_MODULE": "scorekeeper.settings", **env},
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 0, result.stderr
    return result.stdout.splitlines()


def test_check_deploy_is_clean_with_production_settings():
    result = manage("check", "--deploy", "--fail-level", "WARNING", env=PRODUCTION)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "no issues" in result.stdout


def test_https_is_its_own_switch_not_implied_by_a_database_url():
    without = {key: value for key, value in PRODUCTION.items() if key != "HTTPS"}
    assert settings_of(without, "HTTPS", "SESSION_COOKIE_SECURE") == ["False", "False"]
    assert settings_of(
        PRODUCTION, "SECURE_SSL_REDIRECT", "SECURE_HSTS_SECONDS", "SECURE_REDIRECT_EXEMPT"
    ) == [
        "True",
        str(60 * 60 * 24 * 365),
        "['^healthz$']",
    ]


def test_check_deploy_warns_without_https():
    without = {key: value for key, value in PRODUCTION.items() if key != "HTTPS"}
    result = manage("check", "--deploy", "--fail-level", "WARNING", env=without)
    assert result.returncode != 0
    assert "security.W008" in result.stderr + result.stdout  # SECURE_SSL_REDIRECT


def test_a_production_database_gets_a_bounded_connection_pool():
    pooled = {**PRODUCTION, "DB_POOL_MAX_SIZE": "4"}
    assert settings_of(pooled, 'DATABASES["default"]["OPTIONS"]', 'DATABASES["default"]["CONN_MAX_AGE"]') == [
        "{'pool': {'min_size': 1, 'max_size': 4, 'timeout': 30.0}}",
        "0",
    ]
    assert settings_of(PRODUCTION, 'DATABASES["default"]["OPTIONS"]') == ["{}"]


def test_a_secret_key_is_generated_into_a_file_when_none_is_set(tmp_path):
    key_file = tmp_path / "secret"
    env = {"SECRET_KEY_FILE": str(key_file), "TEST_SQLITE_NAME": str(tmp_path / "db.sqlite3")}
    script = "from django.conf import settings; print(settings.SECRET_KEY)"
    run = [
        sys.executable,
        "-c",
        f"import django, os; os.environ.setdefault('DJANGO_SETTINGS_MODULE', 'scorekeeper.settings'); django.setup(); {script}",
    ]
    first = subprocess.run(
        run, cwd=ROOT, env={"PATH": os.environ["PATH"], **env}, capture_output=True, text=True
    )
    second = subprocess.run(
        run, cwd=ROOT, env={"PATH": os.environ["PATH"], **env}, capture_output=True, text=True
    )
    assert first.stdout == second.stdout == key_file.read_text() + "\n"
    assert len(key_file.read_text()) >= 50
    assert oct(key_file.stat().st_mode)[-3:] == "600"


def test_settings_module_assigns_no_literal_secret():
    source = (ROOT / "scorekeeper" / "settings.py").read_text()
    assert "SECRET_KEY = load_secret_key()" in source


def test_the_redis_read_timeout_outlasts_the_layers_blocking_receive():
    from channels_redis.core import RedisChannelLayer

    (hosts,) = settings_of(PRODUCTION, 'CHANNEL_LAYERS["default"]["CONFIG"]["hosts"]')
    assert hosts == "[{'address': 'redis://127.0.0.1:6379/0', 'socket_timeout': 15.0}]"
    # Else an idle follower's receive (BZPOPMIN, brpop_timeout) races the socket's read timeout.
    assert RedisChannelLayer.brpop_timeout + 5 < 15.0


def test_the_admin_site_is_served_only_when_asked_for():
    script = (
        "import django; django.setup(); from django.urls import resolve, Resolver404\n"
        "try:\n    print(resolve('/admin/').url_name)\nexcept Resolver404:\n    print('404')"
    )

    def admin_with(env):
        result = subprocess.run(
            [sys.executable, "-c", script],
            cwd=ROOT,
            env={"PATH": os.environ["PATH"], "DJANGO_SETTINGS_MODULE": "scorekeeper.settings", **env},
            capture_output=True,
            text=True,
            timeout=60,
        )
        assert result.returncode == 0, result.stderr
        return result.stdout.strip()

    assert admin_with({}) == "404"
    assert admin_with(PRODUCTION) == "404"
    assert admin_with({"ADMIN": "1"}) == "index"
