"""What the web layers of every app share, below the apps (rounds, groups, events import it; it
imports none of them): the one refusal format and the messages it carries, the JSON endpoint and
its body, the OpenAPI builders, the socket log, the LRU, the key pattern, the purge command."""
