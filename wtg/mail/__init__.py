"""Incoming mail: finding the AOF in what a mail client sent, and when never to reply."""
