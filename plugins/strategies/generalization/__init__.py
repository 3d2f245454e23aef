"""strategies/generalization"""
