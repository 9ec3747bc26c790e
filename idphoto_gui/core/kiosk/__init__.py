"""The self-service kiosk without Qt: kiosk.json, and one customer's photo, review and gated print sheet.
Imports sheets and everything below it."""
