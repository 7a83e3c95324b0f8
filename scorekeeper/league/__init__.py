"""Leagues: organizer accounts, members, game nights, seating and standings.

Casual play stays account-free; only league organizers log in.
"""
