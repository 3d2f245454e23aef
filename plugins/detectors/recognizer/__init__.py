"""detectors/recognizer"""
