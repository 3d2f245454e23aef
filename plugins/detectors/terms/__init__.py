"""detectors/terms"""
