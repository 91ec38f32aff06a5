"""Whether the release menud was linked in a current function order (Sources/menud/
hot-functions.order): the idle figure depends on it, and code changes leave names in it that the
binary no longer has, which the linker skips without a word."""
import os
import subprocess

ORDER = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "Sources", "menud", "hot-functions.order")
STALE = 0.10


def stale_order_note(binary):
    """A note for the run when more than a tenth of the ordered names are not in `binary`, else None."""
    with open(ORDER) as f:
        names = {line.strip() for line in f if line.strip() and not line.startswith("#")}
    listed = subprocess.run(["nm", "--defined-only", binary], capture_output=True, text=True, check=True).stdout
    present = {line.rsplit(" ", 1)[-1] for line in listed.splitlines()}
    missing = len(names - present)
    if missing <= STALE * len(names):
        return None
    return (f"{missing} of the {len(names)} functions in Sources/menud/hot-functions.order are not in this menud, "
            "so its idle memory is higher than it needs to be: regenerate the order with bench/profile/order.py "
            "(bench/README.md)")
