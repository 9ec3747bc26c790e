"""The order book: who came, which photos with which edits, on which sheet; kept in SQLite so a customer
who comes back is reprinted exactly (it may use every room below it)."""
from .order import Order, OrderItem, file_digest, item_for, edit_of  # noqa: F401
from .store import OrderBook, Retention, open_book  # noqa: F401
