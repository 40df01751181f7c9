"""A mail that answers one the host sent to its sender's address: its writer reads that
mailbox, as one who CONFIRMs the code mailed there does.

A From is easily forged, and a forger who writes a newcomer's From spends its day of
codes to CONFIRM and the requests kept past them (``wtg.mail.incoming.strangercodes``)
with JOINs of his own, a few minutes before each hour: the newcomer's own JOIN was
forgotten, hour after hour, for as long as the flood went on, unless the GM's server
vouched for his From (``mail.authserv_id``). The flood's answers land in his mailbox, and
each carries a Message-ID of the host's with the token of its secret (``idsecret``), which
no one who does not read the mailbox knows: his mail whose In-Reply-To or References names
one of them, a mail the host sent to his address, is his (attack43). A Message-ID without
a token (a mail queued before tokens were) proves nothing: its name and digest are what
anyone works out from wtg's source. Nor does a mail the host sent more than ``PROOF_DAYS``
ago: ``outbox/sent/`` keeps every mail until the GM removes it, and one Message-ID seen
once (a mail forwarded whole, a mailbox shared then) proved the address its holder's for
as long (review43b); the owner in a flood has the flood's answers of the day."""

from __future__ import annotations

import re
from datetime import datetime
from email.message import Message

from wtg.mail.incoming.bounce import sent_within
from wtg.mail.outgoing import compose
from wtg.mail.outgoing.idsecret import SecretDamaged, token_checks
from wtg.mail.outgoing.outbox import Outbox, addressee, parse_own_id

LOOKED = 10
"""Message-IDs of each header looked up (a mail of a thousand costs no more)."""
PROOF_DAYS = 7
"""How long after its Date a mail the host sent an address proves a reply to it the
address's owner's: a week of a player's reading his mail late, no longer."""
_MESSAGE_ID = re.compile(r"<[^<>\s]{1,300}>")


def reads_mailbox(outbox: Outbox, msg: Message, sender: str, loop: str, now: datetime) -> bool:
    """Whether ``msg`` answers a mail the host sent to ``sender`` (the address it is
    answered at) within ``PROOF_DAYS`` before ``now``: its In-Reply-To or References names
    that mail by its Message-ID, token and all (``loop``: the host's X-Loop, whose domain
    the Message-IDs are of)."""
    domain = compose.id_domain(loop)
    own = compose.address_key(sender)
    try:
        secret = outbox.id_secret()
    except SecretDamaged:  # no token checks (queuing a mail tells the GM)
        return False
    for name in ("In-Reply-To", "References"):
        for value in msg.get_all(name, [])[:LOOKED]:
            for message_id in _MESSAGE_ID.findall(str(value))[:LOOKED]:
                found = parse_own_id(message_id, domain)
                if found is None or not token_checks(secret, found.stem(), found.token):
                    continue
                head = outbox.sent_header(message_id, domain)
                if head is None or not sent_within(head, now, PROOF_DAYS):
                    continue
                if addressee(head) == own:
                    return True
    return False
