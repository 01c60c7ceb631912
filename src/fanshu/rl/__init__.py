"""Reinforcement-learning environments over fanshu's engine (the ``rl`` extra):
``fanshu.rl.aec`` (PettingZoo) and ``fanshu.rl.gym`` (Gymnasium); the action table
(``fanshu.rl.actions``) and the encoded observation are shared by both."""
