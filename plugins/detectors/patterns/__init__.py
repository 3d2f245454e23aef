"""detectors/patterns"""
