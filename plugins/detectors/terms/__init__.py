"""The user's always-mask and never-mask term lists as a detector."""
