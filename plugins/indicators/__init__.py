"""indicators"""
