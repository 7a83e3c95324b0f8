"""gunicorn's settings in a checkout (``gunicorn -c gunicorn.conf.py``, ``make serve``): the
package's own, scorekeeper/gunicorn_conf.py, which an installed package serves with as
``gunicorn -c python:scorekeeper.gunicorn_conf``."""

from scorekeeper.gunicorn_conf import *  # noqa: F403
